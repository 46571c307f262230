import { randomUUID } from 'node:crypto';

/**
 * A white-label domain's folder in the file storage: `white-label/<id>/` holds its manifest
 * (the wizard's create_folder step) and its logo, served at /media/white-label/<id>/<file>.
 */
export function domainFileKey(domainId: number, file: string): string {
  return `white-label/${domainId}/${file}`;
}

export function newDomainLogoKey(domainId: number): string {
  return domainFileKey(domainId, `logo-${randomUUID()}.png`);
}

export function domainLogoPath(key: string): string {
  return `/media/${key}`;
}
