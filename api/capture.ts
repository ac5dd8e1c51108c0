// The webhook capture server and signature verification (webhooks/), for `capture`, `run`, `simulate` and API users.
export {
  CaptureError,
  DEFAULT_BODY_LIMIT,
  startCaptureServer,
  type CaptureOptions,
  type CaptureServer,
  type Delivery,
  type UnrecordedRequest,
} from '../webhooks/capture-server.ts';
export { deliveryInfo } from '../webhooks/delivery-info.ts';
export {
  signHmacSha256,
  signStandardWebhooks,
  verifySignature,
  type SignatureConfig,
  type SignatureStatus,
  type VerifyOptions,
} from '../webhooks/signature.ts';
