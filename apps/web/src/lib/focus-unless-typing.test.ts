import { afterEach, describe, expect, it } from 'vitest';
import { focusUnlessTyping } from './focus-unless-typing';

afterEach(() => document.body.replaceChildren());

function field(html: string) {
  const wrapper = document.createElement('div');
  wrapper.innerHTML = html;
  document.body.append(wrapper);
  return wrapper.firstElementChild as HTMLElement;
}

describe('focusUnlessTyping', () => {
  it('leaves the caret in a text field the user is typing in', () => {
    const filter = field('<input type="text" aria-label="Course">');
    const score = field('<input aria-label="Score">');
    filter.focus();
    focusUnlessTyping(score);
    expect(document.activeElement).toBe(filter);
  });

  it('leaves the caret in a combobox whose list is open, and moves it once a choice has closed the list', () => {
    const filter = field('<input type="text" role="combobox" aria-expanded="true" aria-label="Course">');
    const score = field('<input aria-label="Score">');
    filter.focus();
    focusUnlessTyping(score);
    expect(document.activeElement).toBe(filter);
    filter.setAttribute('aria-expanded', 'false');
    focusUnlessTyping(score);
    expect(document.activeElement).toBe(score);
  });

  it('leaves the caret in a textarea or editable content', () => {
    const score = field('<input aria-label="Score">');
    for (const html of ['<textarea></textarea>', '<div contenteditable="true"></div>']) {
      const typing = field(html);
      typing.focus();
      focusUnlessTyping(score);
      expect(document.activeElement).toBe(typing);
    }
  });

  it('moves focus from the page, a button or a radio choice', () => {
    const score = field('<input aria-label="Score">');
    focusUnlessTyping(score);
    expect(document.activeElement).toBe(score);
    for (const html of ['<button>Next</button>', '<input type="radio" name="by">']) {
      const choice = field(html);
      choice.focus();
      focusUnlessTyping(score);
      expect(document.activeElement).toBe(score);
    }
  });
});
