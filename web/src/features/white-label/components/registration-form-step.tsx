import {
  Button,
  ColorSwatch,
  FileInput,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type TWhiteLabelWizardForm,
  WHITE_LABEL_LOGO_MAX_MEGABYTES,
  ZWhiteLabelWizardForm,
} from '@portal/shared/white-label';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useSchemaForm } from '../../../components/form.tsx';

/** Brand colours offered (Mantine's palette at shade 7, readable under white text); any hex may be typed. */
const BRAND_SWATCHES = [
  '#1c7ed6',
  '#1098ad',
  '#0ca678',
  '#37b24d',
  '#74b816',
  '#f59f00',
  '#f76707',
  '#f03e3e',
  '#d6336c',
  '#ae3ec9',
  '#7048e8',
  '#4263eb',
  '#495057',
  '#212529',
];

const EMPTY: TWhiteLabelWizardForm = {
  name: '',
  url: 'https://',
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
  email_sender: '',
  description: '',
  brand_color: '',
};

const LOGO_REQUIRED = 'The logo is required';

/** The wizard's first step: the white label (title, URL, sender, colour, description, logo) and its admin user. */
export function RegistrationFormStep({
  onRegister,
}: {
  onRegister: (values: TWhiteLabelWizardForm, logo: File) => void;
}) {
  const form = useSchemaForm(ZWhiteLabelWizardForm, EMPTY);
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  return (
    <Paper withBorder p="md">
      <form
        onSubmit={form.onSubmit(
          (values) => {
            if (!logo) return setLogoError(LOGO_REQUIRED);
            onRegister(values, logo);
          },
          () => setLogoError(logo ? null : LOGO_REQUIRED),
        )}
        noValidate
      >
        <Stack>
          <Title order={2} size="h4">
            White label
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Title" {...form.getInputProps('name')} />
            <TextInput label="URL" description="Starts with https://" {...form.getInputProps('url')} />
            <TextInput label="Sender e-mail" type="email" {...form.getInputProps('email_sender')} />
            {/* A typed hex and swatch buttons, no pop-up picker: Mantine's had unnamed sliders (axe) and,
                at 390 px, covered Register and would not close (issue 42). */}
            <Stack gap={4}>
              <TextInput
                label="Brand colour"
                placeholder="The portal's own (#rrggbb)"
                leftSection={
                  <ColorSwatch color={form.values.brand_color || 'transparent'} size={18} aria-hidden />
                }
                {...form.getInputProps('brand_color')}
              />
              <Group gap={4} role="group" aria-label="Brand colour choices">
                {BRAND_SWATCHES.map((color) => (
                  <ColorSwatch
                    key={color}
                    component="button"
                    type="button"
                    color={color}
                    size={24}
                    aria-label={`Brand colour ${color}`}
                    aria-pressed={form.values.brand_color === color}
                    onClick={() => form.setFieldValue('brand_color', color)}
                    style={{ cursor: 'pointer' }}
                  />
                ))}
              </Group>
            </Stack>
          </SimpleGrid>
          <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
          <FileInput
            label="Logo"
            withAsterisk
            description={`PNG, JPEG or WebP, up to ${WHITE_LABEL_LOGO_MAX_MEGABYTES} MB`}
            accept="image/png,image/jpeg,image/webp"
            leftSection={<IconPhoto size={18} aria-hidden />}
            value={logo}
            onChange={(file) => {
              setLogo(file);
              setLogoError(null);
            }}
            error={logoError}
          />
          <Title order={2} size="h4">
            Admin user
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" {...form.getInputProps('first_name')} />
            <TextInput label="Last name" {...form.getInputProps('last_name')} />
            <TextInput label="E-mail" type="email" {...form.getInputProps('email')} />
            <TextInput label="Phone" {...form.getInputProps('phone')} />
            <PasswordInput label="Password" description="Min Length 8" {...form.getInputProps('password')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit">Register</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
