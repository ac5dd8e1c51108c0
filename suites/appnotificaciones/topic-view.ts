import { canonical } from '../harness/canonical.ts';

// Endpoints > AppNotificaciones: "AppWebhooks: topics available and configured for the app". Its fields are not
// shown, so what the list shows of one topic is read without naming any: the entries that name the topic (an
// object with a member whose value is the topic's name, a member keyed by the name, or the name itself in an
// array), compared as canonical JSON (timestamps masked: a configuration's times are not its state).

type Json = unknown;

/** The parts of a body that name `topic`, outermost first; none when no part names it. */
function entriesNaming(body: Json, topic: string): Json[] {
  const found: Json[] = [];
  const visit = (value: Json): void => {
    if (Array.isArray(value)) {
      for (const item of value) {
        if (item === topic) found.push(item);
        else visit(item);
      }
    } else if (value !== null && typeof value === 'object') {
      const members = Object.entries(value);
      if (members.some(([, v]) => v === topic)) return void found.push(value);
      for (const [k, v] of members) {
        if (k === topic) found.push({ [k]: v });
        else visit(v);
      }
    }
  };
  visit(body);
  return found;
}

export interface TopicView {
  /** What the list shows of the topic, as canonical JSON. */
  text: string;
  /** Whether some entry names the topic; without one, the whole list is the view. */
  named: boolean;
}

/** What the AppWebhooks list shows of `topic`: its entries, or the whole list when no entry names it. */
export function topicView(list: Json, topic: string): TopicView {
  const entries = entriesNaming(list, topic);
  return entries.length > 0 ? { text: canonical(entries), named: true } : { text: canonical(list), named: false };
}
