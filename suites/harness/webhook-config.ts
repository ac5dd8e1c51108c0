// The save/restore of webhook configurations lives in target/webhook-config.ts, shared with the simulator;
// this module keeps the suites' import path.
export {
  assertTouchable,
  restoreWebhookConfig,
  restoreWebhookConfigs,
  saveWebhookConfig,
  saveWebhookConfigs,
  type WebhookSnapshot,
} from '../../target/webhook-config.ts';
