import type { TDocumentKind } from '@portal/shared/documents';

/**
 * The portal's default texts of the three agreements (part 1 §3), used when no template PDF was
 * uploaded. They are plain and complete enough to be read and signed; a business replaces them with its
 * own counsel-approved PDFs by uploading templates.
 */

export type AgreementSection = { heading: string; body: string };
type Parties = { signerName: string; harvestCenterName: string };

const ATTESTATION: (p: Parties) => AgreementSection[] = ({ signerName, harvestCenterName }) => [
  {
    heading: 'Purpose',
    body:
      `This questionnaire and attestation is completed by ${signerName} before adipose tissue (fat) is ` +
      `collected at ${harvestCenterName} for processing and cryopreservation. Its answers decide whether ` +
      'the tissue can be collected safely and whether the cells derived from it may be stored for future use.',
  },
  {
    heading: 'Health screening',
    body:
      'I have answered the screening questions of the harvest center completely and truthfully, including ' +
      'questions about infectious diseases (such as HIV, hepatitis B and C, syphilis and HTLV), current ' +
      'infections, cancer and its treatment, blood disorders, recent transfusions, transplants, pregnancy, ' +
      'medications that affect bleeding or healing, and allergies to local anaesthetics or antiseptics.',
  },
  {
    heading: 'Testing of samples',
    body:
      'I agree that blood samples taken on the day of collection are tested for infectious disease ' +
      'markers as the law and good tissue practice require, and that a reactive result is reported to me ' +
      'and, where the law requires, to public health authorities. A reactive result may mean that my ' +
      'tissue cannot be processed or stored, or must be stored apart from other samples.',
  },
  {
    heading: 'Attestation',
    body:
      'I attest that the information I gave is accurate and complete to the best of my knowledge, that I ' +
      'will tell the harvest center at once of any change before the collection, and that I understand ' +
      'that incorrect information may put my health or the use of my cells at risk. I had the opportunity ' +
      'to ask questions, and they were answered to my satisfaction.',
  },
];

const PROCESSING: (p: Parties) => AgreementSection[] = ({ signerName, harvestCenterName }) => [
  {
    heading: 'Consent to processing',
    body:
      `${signerName} ("I") consents to the processing of the adipose tissue collected from me at ` +
      `${harvestCenterName}. Processing means that the tissue is transported under controlled ` +
      'conditions to the laboratory, where stromal vascular fraction and mesenchymal cells are isolated, ' +
      'counted, tested for sterility and viability, and prepared in vials for cryopreservation.',
  },
  {
    heading: 'What processing can and cannot promise',
    body:
      'I understand that the number and quality of cells obtained vary from person to person and from ' +
      'sample to sample, that a sample may fail quality tests or be lost in transport despite every care, ' +
      'and that in such a case the laboratory will tell me and, where possible, offer a new collection. ' +
      'Banking cells does not guarantee that they can be used in any particular treatment in the future.',
  },
  {
    heading: 'Records and privacy',
    body:
      'The laboratory keeps a record of each vial (its identifier, dates, test results and location) so ' +
      'that my cells can be traced from collection to use. My personal and health information is used only ' +
      'for collecting, processing, storing and releasing my cells, is shared only with the harvest center, ' +
      'the laboratory and those I authorise, and is protected as the law requires.',
  },
  {
    heading: 'Withdrawal',
    body:
      'I may withdraw this consent in writing at any time before processing begins. After processing, I ' +
      'may ask for my cells to be discarded, in which case the laboratory destroys them and confirms it ' +
      'to me in writing. Fees for work already done are not refunded.',
  },
];

const STORAGE: (p: Parties) => AgreementSection[] = ({ signerName, harvestCenterName }) => [
  {
    heading: 'Storage',
    body:
      `This agreement covers the long-term storage of the cells derived from the tissue that ` +
      `${signerName} ("the client") gave at ${harvestCenterName}. The vials are kept in the vapour phase ` +
      'of liquid nitrogen, in monitored tanks with alarms, backup supply and restricted access, and each ' +
      "vial's location is recorded.",
  },
  {
    heading: 'Term and fees',
    body:
      'Storage runs for the term the client purchased and renews for the same term unless the client ' +
      'declines in writing before it ends. Storage fees are due in advance for each term. If fees remain ' +
      'unpaid for ninety days after written notice, the vials may be transferred to another facility at ' +
      "the client's request or, failing an answer, discarded under the laboratory's written procedure.",
  },
  {
    heading: 'Release of cells',
    body:
      "Vials are released only on the client's written request (or that of a legal representative) to a " +
      'licensed physician or facility, after identity checks and the tests the receiving facility requires. ' +
      'The client bears the cost of shipping. The laboratory does not decide on, or take responsibility ' +
      'for, any treatment using the released cells.',
  },
  {
    heading: 'Contact and changes',
    body:
      'The client keeps their contact details up to date in the portal, so that notices about storage, ' +
      'renewals and any change of facility reach them. If the laboratory ever stops its storage activity, ' +
      "it transfers the vials to a comparable facility and tells the client, who may instead ask for the vials' " +
      'release.',
  },
];

/** A harvest center's own attestation (sign-up, profile): how it screens and collects for its patients. */
const HARVEST_CENTER_ATTESTATION: (p: Parties) => AgreementSection[] = ({
  signerName,
  harvestCenterName,
}) => [
  {
    heading: 'Purpose',
    body:
      `${harvestCenterName}, represented by ${signerName}, collects adipose tissue from patients for ` +
      'processing and cryopreservation by the laboratory. This attestation states how the center screens ' +
      'patients and collects, labels and ships their tissue.',
  },
  {
    heading: 'Screening of patients',
    body:
      'Before each collection the center has the patient complete the screening questionnaire and ' +
      'attestation, reviews the answers with the patient, and does not collect tissue from a patient ' +
      'whose answers or examination show a risk to the patient or to the use of the cells.',
  },
  {
    heading: 'Collection, samples and shipping',
    body:
      'The center collects the tissue under sterile conditions by qualified staff acting within their ' +
      'licence, takes the blood samples required for infectious disease testing on the day of collection, ' +
      "labels every container with the patient's identifiers, and ships the tissue and samples in the " +
      "laboratory's validated kit within the time the laboratory specifies.",
  },
  {
    heading: 'Records and compliance',
    body:
      'The center keeps the records of each collection (consents, screening, staff, times and ' +
      'temperatures) for at least ten years, makes them available to the laboratory and to inspectors, ' +
      'and tells the laboratory at once of any adverse event or deviation. The center holds the licences ' +
      'and insurance its activity requires and keeps them current.',
  },
];

export const HARVEST_CENTER_SECTIONS = HARVEST_CENTER_ATTESTATION;

export const AGREEMENT_SECTIONS: Record<TDocumentKind, (parties: Parties) => AgreementSection[]> = {
  attestation: ATTESTATION,
  processing: PROCESSING,
  storage: STORAGE,
};

/** The last paragraph of every agreement, just above the signature. */
export const SIGNING_STATEMENT =
  'By signing below electronically, I confirm that I have read and understood this agreement, that I ' +
  'agree to its terms, and that my electronic signature has the same effect as a handwritten one.';
