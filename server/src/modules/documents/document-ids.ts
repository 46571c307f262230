import { randomBytes } from 'node:crypto';

/** A document's public id: 16 random bytes, base64url (22 characters), unguessable. */
export function newDocumentId(): string {
  return randomBytes(16).toString('base64url');
}

/** A template's id, shown to admins and kept in users.template_id. */
export function newTemplateId(): string {
  return `tpl_${randomBytes(12).toString('base64url')}`;
}
