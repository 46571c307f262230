import { FileInput, type FileInputProps } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';

/** The one PDF file field of the documents screens: PDF only, clearable, with the PDF icon. */
export function PdfFileInput(props: Omit<FileInputProps<false>, 'accept' | 'multiple'>) {
  return (
    <FileInput
      accept="application/pdf,.pdf"
      clearable
      leftSection={<IconFileTypePdf size={18} aria-hidden />}
      {...props}
    />
  );
}
