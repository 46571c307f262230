import { Button, Menu, Text } from '@mantine/core';
import type { TSessionUser } from '@portal/shared/auth';
import { IconChevronDown, IconLogout, IconMail, IconSettings, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLogout } from '../features/auth/api/logout.ts';

export function UserMenu({ user }: { user: TSessionUser }) {
  const logout = useLogout();
  const name = `${user.first_name} ${user.last_name}`.trim() || user.email;

  return (
    <Menu position="bottom-end" width={200}>
      <Menu.Target>
        <Button
          variant="subtle"
          rightSection={<IconChevronDown size={16} />}
          aria-label={`${name}, user menu`}
          title={name}
          miw={0}
        >
          {/* A long name is cut short with an ellipsis: the header stays one bar on a phone. */}
          <Text span inherit truncate="end" display="block">
            {name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} />}>
          My Profile
        </Menu.Item>
        <Menu.Item component={Link} to="/password" leftSection={<IconSettings size={16} />}>
          Settings
        </Menu.Item>
        <Menu.Item component={Link} to="/contact" leftSection={<IconMail size={16} />}>
          Messages
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
        >
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
