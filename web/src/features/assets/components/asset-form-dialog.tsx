import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  Modal,
  MultiSelect,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { ASSET_TEXTS, type TAsset, ZAssetBody, ZAssetFileName } from '@portal/shared/assets';
import { MEMBERSHIP_NAMES } from '@portal/shared/memberships';
import { TIMING } from '@portal/shared/ui-constants';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { z } from 'zod';
import { FormAlert, setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { ASSET_KEYS, saveAsset, stageAssetFile } from '../api/assets-api.ts';

/** Account types an asset can aim at: every one but the second admin type (the same as Admin). */
const ACCOUNT_TYPES = Object.entries(MEMBERSHIP_NAMES)
  .filter(([id]) => id !== '10')
  .map(([id, name]) => ({ value: id, label: name }));

/**
 * A file field's props without aria-required: FileInput draws a button, where the attribute is not
 * allowed (axe's aria-allowed-attr, issue 42); its asterisk still shows that a file is needed.
 */
function fileInputProps<T extends object>(props: T): Omit<T, 'aria-required'> {
  const { 'aria-required': _required, ...rest } = props as T & { 'aria-required'?: unknown };
  return rest;
}

/** The form's own shape: files are chosen here and staged on save (the API then takes their keys). */
const ZAssetForm = ZAssetBody.pick({ asset_name: true, description: true, links: true }).extend({
  membership_ids: z.array(z.string()),
  sections: z.array(z.string()),
  files: z.array(
    z.object({
      name: ZAssetFileName,
      file: z.custom<File | null>((value) => value instanceof File, 'Choose a file'),
    }),
  ),
});
type AssetForm = z.input<typeof ZAssetForm>;

/** Rows added to a list of the form (links, files), each with its own remove button, and an Add button. */
function NewItemRows(props: {
  title: string;
  what: string;
  count: number;
  onAdd: () => void;
  onRemove: (index: number) => void;
  row: (index: number) => ReactNode;
  hint?: string;
}) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h6">
        {props.title}
      </Title>
      {Array.from({ length: props.count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
        <Group key={index} align="flex-start" wrap="nowrap">
          {props.row(index)}
          <ActionIcon
            variant="subtle"
            color="red"
            mt={28}
            aria-label={`Remove new ${props.what} ${index + 1}`}
            onClick={() => props.onRemove(index)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Button variant="light" size="xs" w="fit-content" onClick={props.onAdd}>
        Add {props.what}
      </Button>
      {props.hint && (
        <Text size="xs" c="dimmed">
          {props.hint}
        </Text>
      )}
    </Stack>
  );
}

/** Add Asset / edit (part 2 §2, §5, §8): 'Asset has been Created!' or 'Asset data has been Updated!'. */
export function AssetFormDialog({ asset, onClose }: { asset: TAsset | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<number[]>([]);
  const [done, setDone] = useState(false);
  const form = useSchemaForm<AssetForm>(ZAssetForm, {
    asset_name: asset?.asset_name ?? '',
    description: asset?.description ?? '',
    membership_ids: asset?.membership_ids ? asset.membership_ids.split(',') : [],
    sections: asset?.sections.map((s) => s.url) ?? [],
    links: [],
    files: [],
  });
  const save = useMutation({
    mutationFn: async (values: AssetForm) => {
      const files = [];
      for (const entry of values.files) {
        if (entry.file)
          files.push({ name: entry.name, tmp_file: (await stageAssetFile(entry.file)).filename });
      }
      return saveAsset(asset?.id ?? null, {
        asset_name: values.asset_name,
        description: values.description,
        membership_ids: values.membership_ids.join(','),
        sections: values.sections.map((url) => ({ url })),
        links: values.links,
        files,
        assets_remove: removing,
      });
    },
    onSuccess: (answer) => {
      setDone(true);
      notifySuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: ASSET_KEYS.all });
      setTimeout(onClose, TIMING.successNoticeMs);
    },
    onError: (error) => setServerErrors(form, error),
  });

  return (
    <Modal opened onClose={onClose} title={asset ? ASSET_TEXTS.edit : ASSET_TEXTS.add} centered size="lg">
      <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
        <Stack>
          <TextInput label="Name" {...form.getInputProps('asset_name')} />
          <Textarea label="Description" autosize minRows={2} {...form.getInputProps('description')} />
          <MultiSelect
            label="Account types"
            description="Who sees it in the Resource Center"
            data={ACCOUNT_TYPES}
            searchable
            clearable
            {...form.getInputProps('membership_ids')}
          />
          <TagsInput
            label="Sections"
            description="Pages whose resource panel suggests it, such as /dashboard (Enter adds one)"
            clearable
            {...form.getInputProps('sections')}
          />

          {asset && asset.assets.length > 0 && (
            <Stack gap={4}>
              <Title order={3} size="h6">
                Current links and files
              </Title>
              {asset.assets.map((item) => (
                <Group key={item.id} justify="space-between" wrap="nowrap">
                  <Anchor href={item.url} target="_blank" rel="noopener noreferrer" size="sm">
                    {item.name || item.path}
                  </Anchor>
                  <Checkbox
                    label="Remove"
                    checked={removing.includes(item.id)}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      setRemoving((ids) =>
                        checked ? [...ids, item.id] : ids.filter((id) => id !== item.id),
                      );
                    }}
                  />
                </Group>
              ))}
            </Stack>
          )}

          <NewItemRows
            title="New links"
            what="link"
            count={(form.values.links ?? []).length}
            onAdd={() => form.insertListItem('links', { name: '', path: '' })}
            onRemove={(index) => form.removeListItem('links', index)}
            row={(index) => (
              <>
                <TextInput label="Link name" {...form.getInputProps(`links.${index}.name`)} />
                <TextInput
                  label="Link path"
                  placeholder="https://"
                  flex={1}
                  {...form.getInputProps(`links.${index}.path`)}
                />
              </>
            )}
          />
          <NewItemRows
            title="New files"
            what="file"
            count={form.values.files.length}
            onAdd={() => form.insertListItem('files', { name: '', file: null })}
            onRemove={(index) => form.removeListItem('files', index)}
            row={(index) => (
              <>
                <TextInput label="File name" {...form.getInputProps(`files.${index}.name`)} />
                <FileInput
                  label="File"
                  flex={1}
                  clearable
                  {...fileInputProps(form.getInputProps(`files.${index}.file`))}
                />
              </>
            )}
            hint="PDF, PNG, JPEG, WebP, MP4, Word, Excel or PowerPoint."
          />

          <FormAlert error={save.error} form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={save.isPending} disabled={done}>
              {asset ? 'Update' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
