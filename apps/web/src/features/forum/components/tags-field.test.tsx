import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/test/render';
import { TagsField } from './tags-field';

function Harness({ initial = [] }: { initial?: string[] }) {
  const [tags, setTags] = useState(initial);
  return (
    <>
      <TagsField value={tags} onChange={setTags} />
      <output aria-label="Saved tags">{tags.join('|')}</output>
    </>
  );
}

function savedTags() {
  return screen.getByRole('status', { name: 'Saved tags' }).textContent;
}

describe('tags field', { timeout: 20_000 }, () => {
  it('turns typed tags into normalised chips, and shows the hint', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    expect(screen.getByText('You can add up to 10 tags')).toBeInTheDocument();

    await user.type(input, '  Web   Dev {Enter}');
    await user.type(input, 'react,');
    expect(savedTags()).toBe('web dev|react');
  });

  it('refuses a duplicate and says so', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness initial={['react']} />);
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'REACT{Enter}');
    expect(screen.getByText('“react” is already added')).toBeInTheDocument();
    expect(savedTags()).toBe('react');
  });

  it('stops at 10 tags, keeps the typed text and explains', async () => {
    const user = userEvent.setup();
    const ten = Array.from({ length: 10 }, (_, index) => `t${index}`);
    renderWithApp(<Harness initial={ten} />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(input, 'eleventh{Enter}');
    expect(savedTags()).toBe(ten.join('|'));
    expect(input).toHaveValue('eleventh');
    expect(input).toHaveAccessibleDescription(/You can add at most 10 tags/);
  });

  it('does not let a tag grow past 50 characters', async () => {
    const user = userEvent.setup();
    renderWithApp(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(input, 'x'.repeat(52));
    expect(input).toHaveValue('x'.repeat(50));
    expect(screen.getByText('A tag can have at most 50 characters')).toBeInTheDocument();
  });

  it('removes a chip with Backspace', async () => {
    const user = userEvent.setup();
    const { container } = renderWithApp(<Harness initial={['a', 'b']} />);
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), '{Backspace}');
    expect(savedTags()).toBe('a');
    expect(within(container).queryByText('b')).not.toBeInTheDocument();
  });
});
