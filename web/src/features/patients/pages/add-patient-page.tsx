import { Paper, Stack, Text, Title } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { PatientForm } from '../components/patient-form.tsx';

/**
 * /add-patient: the one patient form in its add mode, for admins (center, referral center and lab
 * to pick; the rep follows the center) and harvest centers. The server path is the same for both
 * (POST /api/v1/patients/ → accounts' createPatient), and the patient gets the invitation mail.
 */
export function AddPatientPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // Back where "Add Patient" was pressed (the Users List or a patient list), else the dashboard.
  const from = (location.state as { from?: string } | null)?.from ?? '/dashboard';
  return (
    <Stack gap="md">
      <Title order={1}>Add Patient</Title>
      <Text size="sm" c="dimmed">
        The patient receives an e-mail inviting them to set a password (the link is valid for 7 days).
      </Text>
      <Paper withBorder p="md">
        <PatientForm patient={null} onDone={() => navigate(from)} />
      </Paper>
    </Stack>
  );
}
