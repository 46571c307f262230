import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/** The current password that confirms a change of one's own login e-mail (profile and own user edit). */
export function EmailChangePasswordInput(props: PasswordInputProps) {
  return (
    <PasswordInput
      label="Current Password"
      description="Your e-mail is your login: confirm the change with your current password."
      withAsterisk
      autoComplete="current-password"
      {...props}
    />
  );
}
