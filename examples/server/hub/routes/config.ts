// GET /chat/:entry/config: the appearance of DESIGN.md §4, every key present.
import type { ChatHandler } from '../../app-context';
import { sendJson } from '../../http/http-io';

export const getConfig: ChatHandler = ({ res, entry, cors }) => {
  sendJson(res, 200, { ...entry.appearance }, cors);
};
