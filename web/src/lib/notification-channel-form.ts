import {
  ZCreateChannelRequest,
  type TChannelRouting,
  type TChannelType,
  type TCreateChannelRequest,
} from '@patchbay/schema';
import { fieldErrors } from './field-errors.ts';

// Settings → Notifications (ADR 022): the add-channel form as the API's request, checked with
// the same schema the API validates with.

/** A multi-select of integrations: none chosen means every integration (the API's 'all'). */
export function routingOf(selected: readonly string[]): TChannelRouting {
  return selected.length === 0 ? 'all' : [...selected];
}

/** The multi-select's value for a channel's routing. */
export function selectedOf(routing: TChannelRouting): string[] {
  return routing === 'all' ? [] : routing;
}

export interface ChannelFormValues {
  type: TChannelType;
  name: string;
  /** The email address (empty: the account's own) or the webhook URL. */
  target: string;
  selected: readonly string[];
}

/** The request to send, or the fields' errors (`name`, `address`, `url`, `integrationIds`). */
export function channelRequest(
  values: ChannelFormValues,
): { request: TCreateChannelRequest } | { errors: Record<string, string> } {
  const target = values.target.trim();
  const integrationIds = routingOf(values.selected);
  const body =
    values.type === 'email'
      ? { type: 'email', name: values.name, address: target === '' ? null : target, integrationIds }
      : { type: 'webhook', name: values.name, url: target, integrationIds };
  const parsed = ZCreateChannelRequest.safeParse(body);
  return parsed.success ? { request: parsed.data } : { errors: fieldErrors(parsed.error.issues) };
}
