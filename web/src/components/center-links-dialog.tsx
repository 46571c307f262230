import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../lib/api-client.ts';
import { notifyError, notifySuccess } from '../lib/notify.ts';
import { type PickedOption, RemoteOptionMultiSelect } from './remote-option-select.tsx';

interface CenterLinksDialogProps {
  title: string;
  /** Whose centers these are, as the dialog's first line. */
  owner: string;
  current: { id: number; company: string }[];
  /** Saves the whole set; resolves once the server has it. */
  save: (harvestCenterIds: number[]) => Promise<unknown>;
  successMessage: string;
  /** After a save: the list reloads. */
  onSaved: () => Promise<unknown> | undefined;
  onClose: () => void;
}

/**
 * The harvest centers an account is linked to, chosen among all active ones (searched on the
 * server): the HC Staff Manager's and the RHC Manager's edit dialog (part 2 §2). Success shows its
 * banner for 2 s and closes; a failure shows the server's message for 3 s and keeps the choice.
 */
export function CenterLinksDialog(props: CenterLinksDialogProps) {
  const [centers, setCenters] = useState<PickedOption[]>(() =>
    props.current.map((center) => ({ id: center.id, label: center.company })),
  );
  const save = useMutation({
    mutationFn: () => props.save(centers.map((center) => center.id)),
    onSuccess: async () => {
      notifySuccess(props.successMessage);
      props.onClose();
      await props.onSaved();
    },
    onError: (error) => notifyError(errorMessage(error)),
  });
  return (
    <Modal opened onClose={props.onClose} title={props.title} centered>
      <Stack>
        <Text>{props.owner}</Text>
        <RemoteOptionMultiSelect
          list="harvest-centers"
          label="Harvest Centers"
          value={centers}
          onChange={setCenters}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Close
          </Button>
          <Button loading={save.isPending} onClick={() => save.mutate()}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
