// The save/restore of webhook configurations lives in sut/webhook-config.ts, shared with the simulator;
// this module keeps the suites' import path.
export {
  assertTouchable,
  restoreWebhookConfig,
  restoreWebhookConfigs,
  saveWebhookConfig,
  saveWebhookConfigs,
  type WebhookSnapshot,
} from '../../sut/webhook-config.ts';
