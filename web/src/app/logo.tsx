import { Group, Text } from '@mantine/core';
import { BRANDING } from '../lib/branding.ts';

/** The portal's mark: a cell (membrane and nucleus) on the portal's blue. Same drawing as /favicon.svg. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-portal-6)" />
      <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" strokeWidth="2.5" />
      <circle cx="18.5" cy="13.5" r="3.25" fill="var(--mantine-color-portal-3)" />
    </svg>
  );
}

/**
 * The mark and the portal's name, as the header and the guest screens show them; on a white-label
 * host, the domain's logo and title instead. `titleVisibleFrom`: the name only from that width up.
 */
export function Logo({ size = 32, titleVisibleFrom }: { size?: number; titleVisibleFrom?: 'sm' }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {BRANDING.logo_url ? (
        <img
          src={BRANDING.logo_url}
          alt=""
          height={size}
          style={{ maxWidth: size * 4, objectFit: 'contain' }}
        />
      ) : (
        <LogoMark size={size} />
      )}
      {/* The header on a phone shows the mark alone: its link is named after the portal. */}
      <Text component="span" fw={700} size="lg" c="portal.8" visibleFrom={titleVisibleFrom}>
        {BRANDING.title}
      </Text>
    </Group>
  );
}
