import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { requestLanguage } from '../lib/i18n.js';

/** The caller's language: `?lang`, then the `lang` cookie, then Accept-Language, then German. */
export const languageOf = (c: Context) =>
  requestLanguage(c.req.query('lang'), getCookie(c, 'lang'), c.req.header('accept-language'));
