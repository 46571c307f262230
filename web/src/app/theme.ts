import { createTheme, PasswordInput } from '@mantine/core';

export const theme = createTheme({
  components: {
    PasswordInput: PasswordInput.extend({
      // Mantine's default toggle label contains "password", so getByLabel('Password') would match two elements.
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide the characters' } },
    }),
  },
});
