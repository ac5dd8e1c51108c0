import type { IncomingHttpHeaders } from 'node:http';
import type { MediaForm, ParamSpec } from '../models/index.ts';
import type { AppName } from '../sut/profile.ts';
import type { Choices } from './choices.ts';
import type { Reply } from './reply.ts';
import type { Catalog } from './seed/catalog.ts';
import type { Store } from './state/store.ts';
import type { WebhookSender } from './webhooks/sender.ts';

// What a handler sees: the server's world and one authenticated, validated request.

export interface World {
  readonly choices: Choices;
  readonly catalog: Catalog;
  /** Replaced by reset(): always read it through the world. */
  store: Store;
  readonly webhooks: WebhookSender;
  /** yyyy-mm-dd: the fixed --today, or the clock's date in the profile's time zone. */
  today(): string;
  /** Epoch ms of the clock, shifted by whole days when today is fixed, so timestamps agree with today. */
  now(): number;
  /** Back to the seed state, for every app. */
  reset(): void;
}

export interface Ctx {
  world: World;
  app: AppName;
  route: Route;
  /** Decoded values of the parameters present, all valid for their ParamSpec. */
  values: Readonly<Record<string, string>>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The request's URI path as sent, without the query: the Instance of problem bodies. */
  instance: string;
  /** The negotiated form, for routes whose success has a representation. */
  form: MediaForm | undefined;
  /** The parsed JSON body, for routes that take one. */
  body: unknown;
}

export type Handler = (ctx: Ctx) => Reply;

export interface Route {
  id: string;
  method: string;
  /** Path template, e.g. /v3/agencias/{adminMail}. */
  path: string;
  params: readonly ParamSpec[];
  takesBody: boolean;
  forms: readonly MediaForm[] | undefined;
  /** The status an invalid parameter gets: 400 where the row documents it, else its documented refusal. */
  refusal: { path: number; query: number };
  handler: Handler;
}
