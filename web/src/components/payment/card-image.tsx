import { Image } from '@mantine/core';

/** The brand's image, /assets/{card_type}.png (part 2 §7). */
export function CardImage({ cardType }: { cardType: string }) {
  return (
    <Image src={`/assets/${encodeURIComponent(cardType)}.png`} alt={cardType} w={48} h={30} fit="contain" />
  );
}
