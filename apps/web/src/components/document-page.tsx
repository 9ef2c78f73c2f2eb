import { Anchor, Box, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageContainer } from './page-container';
import { PageHeader } from './page-header';

export interface DocumentSection {
  /** The section's anchor (`#id`) and the base of its heading id. */
  id: string;
  title: string;
  content: ReactNode;
}

export interface DocumentPageProps {
  title: string;
  description?: ReactNode;
  /** Small print under the header, e.g. "Last updated". */
  note?: ReactNode;
  sections: readonly DocumentSection[];
  /** After the last section, e.g. a contact card. */
  footer?: ReactNode;
}

/**
 * A long static page (FAQ, terms, documentation): a table of contents linking to each h2 section, beside the
 * sections on wide screens and above them on phones.
 */
export function DocumentPage({ title, description, note, sections, footer }: DocumentPageProps) {
  return (
    <PageContainer>
      <PageHeader title={title} description={description} />
      {note ? (
        <Text size="sm" c="dimmed" mt={-16} mb="xl">
          {note}
        </Text>
      ) : null}
      <Grid gap={{ base: 'xl', md: 48 }}>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Paper
            component="nav"
            aria-label="On this page"
            withBorder
            radius="lg"
            p="md"
            style={{ position: 'sticky', top: 96 }}
          >
            <Text fw={700} size="sm" mb="xs">
              On this page
            </Text>
            <Stack component="ul" gap={4} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {sections.map((section) => (
                <li key={section.id}>
                  <Anchor href={`#${section.id}`} size="sm" c="gray.8" display="inline-block" py={4}>
                    {section.title}
                  </Anchor>
                </li>
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap={48}>
            {sections.map((section) => (
              <Box component="section" key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
                <Title order={2} id={`${section.id}-heading`} fz={{ base: 22, sm: 26 }} mb="md">
                  {section.title}
                </Title>
                {section.content}
              </Box>
            ))}
            {footer}
          </Stack>
        </Grid.Col>
      </Grid>
    </PageContainer>
  );
}
