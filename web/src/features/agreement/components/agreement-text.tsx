import { List, Text } from '@mantine/core';

/** The private membership agreement every non-admin member accepts once (part 1 §1). */
export function AgreementText() {
  return (
    <>
      <Text>
        This portal is a private membership service. By continuing you join it as a member and agree to the
        following terms.
      </Text>
      <List spacing="xs" size="sm">
        <List.Item>
          Membership is personal. You keep your login to yourself and act only on behalf of your own account
          or the organisation you represent.
        </List.Item>
        <List.Item>
          Everything shown in the portal about patients, harvest centers, laboratories, prices and documents
          is confidential. You use it only for the services of this membership and do not pass it on.
        </List.Item>
        <List.Item>
          Information in the portal does not replace medical advice. Treatment decisions are made between a
          patient and their physician.
        </List.Item>
        <List.Item>
          You handle personal and health data you see or enter lawfully and only as far as your role requires.
          Your own data is processed to provide the membership services.
        </List.Item>
        <List.Item>
          Your use of the portal is recorded for security. Membership can be suspended if these terms are not
          respected.
        </List.Item>
      </List>
      <Text size="sm" c="dimmed">
        The date and time of your acceptance are kept with your account.
      </Text>
    </>
  );
}
