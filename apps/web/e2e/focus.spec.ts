import { expect, test } from './support';

/** WCAG relative luminance of an `rgb(r, g, b)` colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
    const c = Number(part) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

test.describe('focus ring of text fields', () => {
  test('a focused text field has a 2 px outline with an offset, at least 3:1 against the page', async ({ page }) => {
    await page.goto('/login');
    const email = page.getByRole('form', { name: 'Login' }).getByLabel('Email');
    await email.focus();
    const ring = await email.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        width: style.outlineWidth,
        style: style.outlineStyle,
        offset: parseFloat(style.outlineOffset),
        color: style.outlineColor,
        page: getComputedStyle(document.body).backgroundColor,
      };
    });
    expect(ring.style).toBe('solid');
    expect(ring.width).toBe('2px');
    expect(ring.offset).toBeGreaterThanOrEqual(2);
    expect(contrast(ring.color, ring.page)).toBeGreaterThanOrEqual(3);

    // The password field's input sits inside a wrapper: the ring is on the wrapper that looks like the field.
    const password = page.getByRole('form', { name: 'Login' }).getByLabel('Password');
    await password.focus();
    const wrapperOutline = await password.evaluate(
      (element) => getComputedStyle(element.closest('.mantine-PasswordInput-input') ?? element).outlineWidth,
    );
    expect(wrapperOutline).toBe('2px');
  });
});
