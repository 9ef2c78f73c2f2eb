import { CATEGORY_TILES, UI } from '@lyceum/contract/constants';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconChalkboard,
  IconClockHour4,
  IconMessages,
  IconSchool,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from '@/i18n/intl';
import { Link } from 'react-router';
import { CategoryIcon } from '@/components/category-icon';
import { UserAvatar } from '@/components/user-avatar';
import { areaHref, paths } from '@/config/paths';
import {
  FeaturedCoursesSection,
  LatestCoursesSection,
  RecommendedCoursesSection,
} from '@/features/courses/components/course-shelves';
import { selectProfileImage } from '@/lib/auth/auth-reducer';
import { useAuth } from '@/lib/auth/auth-context';
import { usePageTitle } from '@/lib/use-page-title';
import { AudienceCalls } from './audience-calls';
import { ContinueLearning } from './continue-learning';
import { CourseChoiceSection } from './course-choice-section';
import { FeatureSections, ProductIntroSection } from './feature-sections';
import classes from './home-page.module.css';
import { homeMessages as messages } from './messages';
import { HowItWorksButton } from './how-it-works';
import { PersonalDevelopmentSection } from './personal-development-section';
import { PromoCard } from './promo-card';
import { StudentsViewingSection } from './students-viewing-section';

const FEATURES = [
  {
    title: messages.featureOwnPaceTitle,
    text: messages.featureOwnPaceText,
    icon: IconSchool,
    color: 'indigo',
  },
  {
    title: messages.featureTeachTitle,
    text: messages.featureTeachText,
    icon: IconChalkboard,
    color: 'violet',
  },
  {
    title: messages.featureTogetherTitle,
    text: messages.featureTogetherText,
    icon: IconUsersGroup,
    color: 'teal',
  },
] as const;

function StudentGreeting() {
  const { state } = useAuth();
  const intl = useIntl();
  return (
    <Paper withBorder radius="lg" p="md" shadow="xs">
      <Group justify="space-between" gap="md">
        <Group gap="md" wrap="nowrap">
          <UserAvatar image={selectProfileImage(state)} size={UI.avatarPx} />
          <div>
            <Text fw={700}>{intl.formatMessage(messages.welcomeBack)}</Text>
            <Text size="sm" c="dimmed">
              {intl.formatMessage(messages.pickUp, { firstname: state.user?.firstname ?? '' })}
            </Text>
          </div>
        </Group>
        <Button component={Link} to={paths.student.enrolledCourses.href()} variant="light">
          {intl.formatMessage(messages.viewHistory)}
        </Button>
      </Group>
    </Paper>
  );
}

function HeroArt() {
  const intl = useIntl();
  return (
    <div className={classes.art} aria-hidden="true">
      <svg className={classes.artMark} viewBox="0 0 64 64">
        <path d="M32 10 53 22.5H11Z" fill="#fff" />
        <rect x="12" y="25" width="40" height="3.5" rx="1.2" fill="#fff" />
        <rect x="16" y="31" width="6" height="17" rx="1.2" fill="#fff" />
        <rect x="29" y="31" width="6" height="17" rx="1.2" fill="#fff" />
        <rect x="42" y="31" width="6" height="17" rx="1.2" fill="#fff" />
        <rect x="10" y="50" width="44" height="4.5" rx="1.5" fill="#fff" />
      </svg>
      <div className={`${classes.chip} ${classes.chip1}`}>
        <ThemeIcon radius="xl" size={36} color="indigo" variant="light">
          <IconClockHour4 size={20} />
        </ThemeIcon>
        {intl.formatMessage(messages.chipOwnPace)}
      </div>
      <div className={`${classes.chip} ${classes.chip2}`}>
        <ThemeIcon radius="xl" size={36} color="teal" variant="light">
          <IconMessages size={20} />
        </ThemeIcon>
        {intl.formatMessage(messages.chipCommunity)}
      </div>
      <div className={`${classes.chip} ${classes.chip3}`}>
        <ThemeIcon radius="xl" size={36} color="violet" variant="light">
          <IconChalkboard size={20} />
        </ThemeIcon>
        {intl.formatMessage(messages.chipTeach)}
      </div>
    </div>
  );
}

export function HomePage() {
  usePageTitle('');
  const { state } = useAuth();
  const user = state.isAuthenticated ? state.user : null;
  const intl = useIntl();

  return (
    <>
      <Box className={classes.hero} component="section" aria-labelledby="home-heading">
        <Container size="xl" py={{ base: 40, md: 88 }}>
          {user?.role === 'student' ? (
            <Box mb={{ base: 32, md: 48 }}>
              <StudentGreeting />
              <ContinueLearning mt="md" />
            </Box>
          ) : null}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={56} style={{ alignItems: 'center' }}>
            <Stack gap="lg" align="flex-start">
              <Badge variant="light" size="lg" radius="sm">
                {intl.formatMessage(messages.badge)}
              </Badge>
              <Title order={1} id="home-heading" className={classes.heroTitle}>
                <FormattedMessage
                  {...messages.heroTitle}
                  values={{
                    em: (chunks: ReactNode[]) => (
                      <Text span inherit c="indigo.7">
                        {chunks}
                      </Text>
                    ),
                  }}
                />
              </Title>
              <Text fz={{ base: 'md', sm: 'xl' }} c="gray.7" maw={560}>
                {intl.formatMessage(messages.heroText)}
              </Text>
              <Group gap="sm">
                {user ? (
                  <Button
                    size="lg"
                    component={Link}
                    to={areaHref(user.role)}
                    rightSection={<IconArrowRight aria-hidden />}
                  >
                    {intl.formatMessage(messages.openMyArea, { role: user.role })}
                  </Button>
                ) : (
                  <Button size="lg" component={Link} to={paths.register.href()}>
                    {intl.formatMessage(messages.joinFree)}
                  </Button>
                )}
                <Button size="lg" variant="default" component={Link} to={paths.courses.href()}>
                  {intl.formatMessage(messages.browseCourses)}
                </Button>
                <HowItWorksButton />
              </Group>
            </Stack>
            <Box visibleFrom="sm">
              <HeroArt />
            </Box>
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="xl" pt={{ base: 48, md: 80 }}>
        <LatestCoursesSection />
      </Container>

      <Container size="xl" py={{ base: 48, md: 80 }} component="section" aria-labelledby="categories-heading">
        <Group justify="space-between" align="flex-end" mb="xl">
          <div>
            <Title order={2} id="categories-heading" fz={{ base: 24, sm: 30 }}>
              {intl.formatMessage(messages.categoriesHeading)}
            </Title>
            <Text c="dimmed" mt={4}>
              {intl.formatMessage(messages.categoriesText)}
            </Text>
          </div>
          <Anchor component={Link} to={paths.courses.href()} fw={600}>
            {intl.formatMessage(messages.seeAllCourses)}
          </Anchor>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing={{ base: 'sm', sm: 'lg' }}>
          {CATEGORY_TILES.map((tile, index) => (
            <Link
              key={`${tile.name}-${index}`}
              to={paths.courses.href(tile.name)}
              className={classes.tile}
              style={{ backgroundColor: tile.backgroundColor }}
            >
              <span className={classes.tileIcon}>
                <CategoryIcon name={tile.icon} color={tile.iconColor} />
              </span>
              <Text fw={700} fz={{ base: 'sm', sm: 'md' }}>
                {tile.name}
              </Text>
            </Link>
          ))}
        </SimpleGrid>
      </Container>

      <Container size="xl" pb={{ base: 48, md: 80 }}>
        <Stack gap={64}>
          <RecommendedCoursesSection personal={user?.role === 'student'} />
          <FeaturedCoursesSection />
          <CourseChoiceSection />
          <PromoCard />
          <PersonalDevelopmentSection />
          <StudentsViewingSection />
        </Stack>
      </Container>

      <ProductIntroSection />

      <Box bg="gray.0" component="section" aria-labelledby="features-heading">
        <Container size="xl" py={{ base: 48, md: 80 }}>
          <Title order={2} id="features-heading" fz={{ base: 24, sm: 30 }} ta="center">
            {intl.formatMessage(messages.featuresHeading)}
          </Title>
          <Text c="dimmed" ta="center" mt={4} mb={40} maw={620} mx="auto">
            {intl.formatMessage(messages.featuresText)}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            {FEATURES.map((feature) => (
              <Paper key={feature.title.id} withBorder radius="lg" p="xl">
                <ThemeIcon size={52} radius="md" variant="light" color={feature.color} mb="md">
                  <feature.icon size={28} aria-hidden />
                </ThemeIcon>
                <Title order={3} fz="lg" mb={6}>
                  {intl.formatMessage(feature.title)}
                </Title>
                <Text c="dimmed">{intl.formatMessage(feature.text)}</Text>
              </Paper>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <FeatureSections />

      <Container size="xl" pt={{ base: 8, md: 24 }} pb={{ base: 48, md: 80 }}>
        <AudienceCalls />
      </Container>
    </>
  );
}
