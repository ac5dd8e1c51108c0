// Target profiles for API users and the CLI: read, validate, complete, and the secrets they hold (sut/profile*.ts).
export { hooksBase, profileFileSchema, profileSchema, type AppName, type DraftProfile, type Profile, type ProfileInput } from '../sut/profile.ts';
export type { AdapterHooks } from '../sut/hooks-profile.ts';
export {
  checkProfile,
  completeProfile,
  loadProfile,
  parseDraftProfile,
  parseProfile,
  ProfileError,
  profileJsonSchema,
  readProfileJson,
} from '../sut/profile-load.ts';
export { secretsOf } from '../sut/secrets.ts';
export { redact, REDACTED } from '../sut/redact.ts';
export { HEADER_NAME } from '../sut/http-syntax.ts';
export { isLoopback } from '../sut/loopback.ts';
export { LOCAL_CAPTURE, type CaptureReach } from '../sut/capture-reach.ts';
