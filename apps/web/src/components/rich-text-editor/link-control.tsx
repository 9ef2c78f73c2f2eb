import { isAllowedLinkHref } from '@lyceum/contract/constants';
import { Button, Group, Popover, Stack, TextInput } from '@mantine/core';
import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { IconLink } from '@tabler/icons-react';
import { useEditorState } from '@tiptap/react';
import { useState } from 'react';

export const LINK_PROTOCOL_ERROR = 'Links must start with http://, https://, mailto: or tel:';

/**
 * Adds or changes a link. Only http, https, mailto and tel addresses are accepted (the server would drop
 * anything else); a refused address is explained under the field instead of silently doing nothing.
 */
export function LinkControl() {
  const { editor } = useRichTextEditorContext();
  const [opened, setOpened] = useState(false);
  const [href, setHref] = useState('');
  const [error, setError] = useState<string | null>(null);
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => (current && !current.isDestroyed ? current.isActive('link') : false),
  });

  const open = () => {
    setHref(String(editor?.getAttributes('link').href ?? ''));
    setError(null);
    setOpened(true);
  };

  const save = () => {
    if (!editor) return;
    const value = href.trim();
    if (value === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setOpened(false);
      return;
    }
    if (!isAllowedLinkHref(value)) {
      setError(LINK_PROTOCOL_ERROR);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the linked text.
      chain.insertContent({ type: 'text', text: value, marks: [{ type: 'link', attrs: { href: value } }] }).run();
    } else {
      chain.setLink({ href: value }).run();
    }
    setOpened(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus shadow="md" withinPortal position="bottom" zIndex={300}>
      <Popover.Target>
        <RichTextEditor.Control
          onClick={() => (opened ? setOpened(false) : open())}
          active={active ?? false}
          aria-label="Link"
          title="Link"
          aria-expanded={opened}
        >
          <IconLink size={16} stroke={1.5} aria-hidden />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        {/* No <form> here: the editor sits inside the course form, and Enter must not submit that. */}
        <Stack gap="xs" w={280}>
          <TextInput
            label="Link address"
            placeholder="https://example.com"
            value={href}
            onChange={(event) => {
              setHref(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                save();
              }
            }}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button size="xs" onClick={save}>
              Save link
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
