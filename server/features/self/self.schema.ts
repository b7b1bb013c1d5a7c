import * as v from 'valibot';
import { msgId } from '../../../domain/validation-messages.js';
import { singleLineText } from '../../../domain/validation.js';

// Isomorphic: the input of the participants' personal links.

/** `?email=` of a new team partner wish; empty clears the wish. */
export const teamPartnerWishEmailSchema = v.pipe(
  singleLineText(msgId('required')),
  v.maxLength(255, msgId('tooLong')),
  v.check((s) => s === '' || v.is(v.pipe(v.string(), v.email()), s), msgId('invalidEmail')),
  v.toLowerCase(),
);
