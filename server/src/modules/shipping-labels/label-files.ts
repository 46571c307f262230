import { MediaFolder } from '../../storage/media-folder.ts';

/** Label PDFs: stored under `shipping-labels/`, served at `/media/fedex-label/{file}`. */
export const LABEL_FILES = new MediaFolder('shipping-labels/', '/media/fedex-label/');
