import { statusOf } from './outcomes.ts';

// Endpoints > AppNotificaciones and Events, one topic of one app as a state machine: POST creates (201), and
// again is a conflict (409); PUT replaces a configured topic (200); GET reads it (200); DELETE removes it (204);
// GET, PUT and DELETE of a topic that is unavailable or never configured are not found (404); POST of a topic
// not available to the app is forbidden (403). Each app's topics are its own (Authentication: "the … webhook
// configuration that are visible or changeable are those of the calling app").

export type TopicRole = 'inquiry' | 'registration' | 'unavailable';
export type Verb = 'POST' | 'PUT' | 'GET' | 'DELETE';
export const TOPIC_ROLES: readonly TopicRole[] = ['inquiry', 'registration', 'unavailable'];
export const VERBS: readonly Verb[] = ['POST', 'PUT', 'GET', 'DELETE'];

export const TOPIC_ENDPOINT: Record<Verb, string> = {
  POST: 'appnotificaciones-post',
  PUT: 'appnotificaciones-put',
  GET: 'appnotificaciones-get',
  DELETE: 'appnotificaciones-delete',
};

export interface TopicStep {
  status: number;
  /** Whether the topic is configured afterwards. */
  configured: boolean;
  /** Whether the step changes the configuration (a write that is not refused). */
  writes: boolean;
}

/** The status the spec prescribes for verb on a topic in the given state, and the state that follows. */
export function predictTopic(verb: Verb, role: TopicRole, configured: boolean): TopicStep {
  const id = TOPIC_ENDPOINT[verb];
  if (role === 'unavailable') return { status: statusOf(id, verb === 'POST' ? 'forbidden' : 'notFound'), configured: false, writes: false };
  switch (verb) {
    case 'POST':
      return configured ? { status: statusOf(id, 'conflict'), configured, writes: false } : { status: statusOf(id, 'success'), configured: true, writes: true };
    case 'PUT':
      return configured ? { status: statusOf(id, 'success'), configured, writes: true } : { status: statusOf(id, 'notFound'), configured, writes: false };
    case 'GET':
      return { status: statusOf(id, configured ? 'success' : 'notFound'), configured, writes: false };
    case 'DELETE':
      return configured
        ? { status: statusOf(id, 'success'), configured: false, writes: true }
        : { status: statusOf(id, 'notFound'), configured, writes: false };
  }
}
