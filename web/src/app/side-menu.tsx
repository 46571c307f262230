import { Box, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import type { TSessionUser } from '@portal/shared/auth';
import { Link, useLocation } from 'react-router';
import { type MenuLink, menuFor } from './menu.ts';

interface SideMenuProps {
  user: TSessionUser;
  /** Closes the menu on small screens once a page is picked. */
  onNavigate: () => void;
}

export function SideMenu({ user, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  const link = ({ path, label }: MenuLink) => (
    <NavLink
      key={path}
      component={Link}
      to={path}
      label={label}
      active={pathname === path}
      // Screen readers say which page of the menu is open.
      aria-current={pathname === path ? 'page' : undefined}
      onClick={onNavigate}
    />
  );

  return (
    <Stack gap="md" h="100%">
      <Box>
        <Text size="sm" fw={600}>{`Member ID: ${user.id}`}</Text>
        <Text size="sm" c="dimmed">
          {user.membership[0]?.name}
        </Text>
      </Box>
      <ScrollArea style={{ flex: 1 }}>
        {menuFor(user).map((item) =>
          'group' in item ? (
            <NavLink
              key={item.group}
              label={item.group}
              defaultOpened={item.links.some((entry) => entry.path === pathname)}
            >
              {item.links.map(link)}
            </NavLink>
          ) : (
            link(item)
          ),
        )}
      </ScrollArea>
    </Stack>
  );
}
