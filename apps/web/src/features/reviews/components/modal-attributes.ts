/**
 * Mantine renders a modal's header as <header>, which axe reads as a second page banner (the dialog's
 * <section> does not scope it). The header carries no meaning of its own here: the dialog is named by its title.
 */
export const MODAL_ATTRIBUTES = { header: { role: 'presentation' } } as const;
