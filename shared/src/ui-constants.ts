/** Timings, page sizes and fixed texts of the spec (part 1 §8-§9, part 2 §8-§9). */
export const TIMING = {
  postLoginRedirectMs: 1000,
  errorNoticeMs: 3000,
  successNoticeMs: 2000,
  editSavedNoticeMs: 2500,
} as const;

export const PAGE_SIZE = {
  users: 20,
  vialHistory: 5,
  documents: 5,
  labHarvestCenters: 5,
  salesRepHarvestCenters: 5,
  hcPatients: 10,
  patients: 10,
  salesTeams: 10,
  transactions: 10,
  default: 10,
} as const;

export const TEXT = {
  portalName: 'Portal',
  emptyTable: "Empty table. There's nothing to show",
  loadingUsers: 'Loading users...',
  unauthorized: 'This action is unauthorized',
  userUpdated: 'User has been updated',
  patientUpdated: 'Patient has been updated!',
  recordUpdated: 'Record has been updated!',
  somethingWrong: 'Looks like something went wrong',
  passwordsDoNotMatch: 'New Password and Confirmation Password do not match!',
  selectPlaceholder: 'Select an option',
  selectNothingFound: 'No results found',
} as const;

export const MIN_PASSWORD_LENGTH = 8;

/** The meta tag in which the server gives a white-label host's branding to the page (decision 023). */
export const BRANDING_META_NAME = 'portal-branding';

/**
 * The banner every page shows while card payments move no money (docs/decisions/030). Here, not
 * beside the payment-mode schema: the app's entry shows it and must not load zod.
 */
export const TEST_PAYMENTS_BANNER = {
  label: 'Test payments',
  text: 'Test payments: cards are not charged and no money moves.',
} as const;
