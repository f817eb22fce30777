/** "gain" / "loss" class of a signed decimal string (zero is neither): the colour of an amount on every page. */
export function toneClass(value: string | null | undefined): string | undefined {
  if (!value || /^-?0*(\.0*)?$/.test(value)) return undefined;
  return value.startsWith('-') ? 'loss' : 'gain';
}
