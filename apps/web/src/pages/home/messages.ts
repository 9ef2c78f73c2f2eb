import { defineMessages } from '@/i18n/define-messages';

/** The home page (pages/home, docs/i18n.md). */
export const homeMessages = defineMessages({
  welcomeBack: { id: 'home.welcomeBack', defaultMessage: 'Welcome back, ready for your next lesson?' },
  pickUp: { id: 'home.pickUp', defaultMessage: 'Pick up where you left off, {firstname}.' },
  viewHistory: { id: 'home.viewHistory', defaultMessage: 'View history' },
  chipOwnPace: { id: 'home.chipOwnPace', defaultMessage: 'Learn at your own pace' },
  chipCommunity: { id: 'home.chipCommunity', defaultMessage: 'Ask the community' },
  chipTeach: { id: 'home.chipTeach', defaultMessage: 'Teach your craft' },
  badge: { id: 'home.badge', defaultMessage: 'Online learning, made personal' },
  heroTitle: {
    id: 'home.heroTitle',
    defaultMessage: 'Learn without limits. <em>Teach</em> what you love.',
    description: 'The page’s heading; <em> marks the highlighted word.',
  },
  heroText: {
    id: 'home.heroText',
    defaultMessage:
      'Courses from teachers who know their craft, a community that answers your questions, and everything you need to learn or teach online in one place.',
  },
  openMyArea: {
    id: 'home.openMyArea',
    defaultMessage:
      '{role, select, student {Open my student area} teacher {Open my teacher area} other {Open my admin area}}',
  },
  joinFree: { id: 'home.joinFree', defaultMessage: 'Join for free' },
  browseCourses: { id: 'home.browseCourses', defaultMessage: 'Browse courses' },
  watchHowItWorks: { id: 'home.watchHowItWorks', defaultMessage: 'Watch how it works' },
  categoriesHeading: { id: 'home.categoriesHeading', defaultMessage: 'Explore top categories' },
  categoriesText: {
    id: 'home.categoriesText',
    defaultMessage: 'From design to business: find the subject you want to grow in.',
  },
  seeAllCourses: { id: 'home.seeAllCourses', defaultMessage: 'See all courses' },
  featuresHeading: { id: 'home.featuresHeading', defaultMessage: 'One place to learn and to teach' },
  featuresText: {
    id: 'home.featuresText',
    defaultMessage: 'Lyceum gives students, teachers and administrators each a home of their own.',
  },
  featureOwnPaceTitle: { id: 'home.featureOwnPaceTitle', defaultMessage: 'Learn at your own pace' },
  featureOwnPaceText: {
    id: 'home.featureOwnPaceText',
    defaultMessage: 'Enrol in courses, keep a wishlist of the ones you want next, and review what you have finished.',
  },
  featureTeachTitle: { id: 'home.featureTeachTitle', defaultMessage: 'Teach what you know' },
  featureTeachText: {
    id: 'home.featureTeachText',
    defaultMessage: 'Write courses with rich descriptions, publish them when they are ready, and see who is learning.',
  },
  featureTogetherTitle: { id: 'home.featureTogetherTitle', defaultMessage: 'Learn together' },
  featureTogetherText: {
    id: 'home.featureTogetherText',
    defaultMessage: 'Stuck on something? Ask the community forum: students and teachers answer each other.',
  },
});
