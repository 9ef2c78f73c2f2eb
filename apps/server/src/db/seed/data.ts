import type { CourseCategory } from '@lyceum/contract';

/** Demo accounts; listed in the README and printed once in the log when seeded. */
export const DEMO_PASSWORDS = {
  admin: 'lyceum-admin-2026',
  teacher: 'lyceum-teacher-2026',
  student: 'lyceum-student-2026',
} as const;

export const DEMO_ADMIN = { email: 'admin@lyceum.example', firstname: 'Ada', lastname: 'Admin', phone: '+1 555 0100' };

export const DEMO_TEACHERS = [
  {
    email: 'grace@lyceum.example',
    firstname: 'Grace',
    lastname: 'Hopper',
    phone: '+1 555 0101',
    expertise: 'Software engineering',
  },
  {
    email: 'ansel@lyceum.example',
    firstname: 'Ansel',
    lastname: 'Adams',
    phone: '+1 555 0102',
    expertise: 'Photography',
  },
  {
    email: 'maya@lyceum.example',
    firstname: 'Maya',
    lastname: 'Angelou',
    phone: '+1 555 0103',
    expertise: 'Performance and writing',
  },
];

export const DEMO_STUDENTS = [
  ['Liam', 'Carter'],
  ['Olivia', 'Nguyen'],
  ['Noah', 'Patel'],
  ['Emma', 'Rossi'],
  ['Mateo', 'Silva'],
  ['Amara', 'Okafor'],
  ['Yuki', 'Tanaka'],
  ['Sofia', 'Novak'],
  ['Elias', 'Berg'],
  ['Zara', 'Haddad'],
].map(([firstname, lastname], i) => ({
  email: `student${i + 1}@lyceum.example`,
  firstname: firstname!,
  lastname: lastname!,
  phone: `+1 555 02${String(i).padStart(2, '0')}`,
}));

export interface DemoCourse {
  teacher: number;
  title: string;
  category: CourseCategory;
  videoLink: string;
  about: string;
  learn: string[];
  materials: string[];
  requirements: string[];
  tags: string[];
  audience: string[];
}

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');

export const DEMO_COURSES: DemoCourse[] = [
  {
    teacher: 0,
    title: 'Modern JavaScript from the Ground Up',
    category: 'Development',
    videoLink: 'https://www.youtube.com/watch?v=W6NZfCO5SIk',
    about: p(
      'Learn the language of the web the way professionals use it today: values and types, functions and closures, modules, promises and async/await.',
      'Every lesson ends with a small exercise you run in your browser.',
    ),
    learn: [
      'Write clean, modern JavaScript',
      'Reason about scope and closures',
      'Use promises and async/await with confidence',
    ],
    materials: ['12 hours of video', '40 exercises with solutions', 'Downloadable cheat sheets'],
    requirements: ['A computer with a modern browser', 'No prior programming experience'],
    tags: ['javascript', 'programming', 'beginner'],
    audience: ['Beginners who want to program', 'Designers moving into front-end work'],
  },
  {
    teacher: 0,
    title: 'React and TypeScript in Practice',
    category: 'Web Development',
    videoLink: 'https://www.youtube.com/watch?v=SqcY0GlETPk',
    about: p(
      'Build a complete single-page application with React, TypeScript and a real API.',
      'We cover components, hooks, forms, routing, data fetching and testing.',
    ),
    learn: ['Type React components precisely', 'Fetch and cache server data', 'Test components like a user'],
    materials: ['A starter repository', 'Weekly code reviews in the forum'],
    requirements: ['Comfortable with JavaScript'],
    tags: ['react', 'typescript', 'frontend'],
    audience: ['Front-end developers', 'Full-stack developers'],
  },
  {
    teacher: 0,
    title: 'Databases with PostgreSQL',
    category: 'Development',
    videoLink: '',
    about: p('Design schemas, write SQL that stays fast as data grows, and understand transactions and indexes.'),
    learn: [
      'Model data with tables and constraints',
      'Write joins, aggregates and window functions',
      'Read a query plan',
    ],
    materials: ['Sample data sets', 'Practice queries'],
    requirements: ['Basic command-line use'],
    tags: ['sql', 'postgresql', 'databases'],
    audience: ['Back-end developers', 'Data analysts'],
  },
  {
    teacher: 0,
    title: 'Accessible Web Design',
    category: 'Design',
    videoLink: '',
    about: p('Design interfaces everyone can use: contrast, focus, semantics, keyboard support and screen readers.'),
    learn: ['Audit a page for accessibility', 'Fix the most common barriers', 'Design inclusive forms'],
    materials: ['Checklists', 'Before-and-after case studies'],
    requirements: ['Some HTML and CSS'],
    tags: ['accessibility', 'ux', 'design'],
    audience: ['Designers', 'Front-end developers'],
  },
  {
    teacher: 1,
    title: 'Photography Fundamentals',
    category: 'Photography',
    videoLink: 'https://vimeo.com/76979871',
    about: p('Understand exposure, light and composition, and leave the automatic mode behind for good.'),
    learn: ['Balance aperture, shutter speed and ISO', 'Compose stronger images', 'Work with natural light'],
    materials: ['Shooting assignments', 'Critique sessions'],
    requirements: ['Any camera with manual controls, or a phone with a pro mode'],
    tags: ['photography', 'camera', 'composition'],
    audience: ['Beginner photographers'],
  },
  {
    teacher: 1,
    title: 'Landscape Photography Masterclass',
    category: 'Photography',
    videoLink: '',
    about: p('Plan, shoot and process landscape photographs, from scouting locations to the final print.'),
    learn: ['Plan a shoot around light and weather', 'Use filters and long exposures', 'Edit for a natural look'],
    materials: ['Raw files to practise editing'],
    requirements: ['Photography Fundamentals or equivalent'],
    tags: ['landscape', 'editing', 'photography'],
    audience: ['Intermediate photographers'],
  },
  {
    teacher: 1,
    title: 'Visual Design Basics',
    category: 'Design',
    videoLink: '',
    about: p('Typography, colour, layout and hierarchy: the building blocks of every good design.'),
    learn: ['Pair typefaces', 'Build a colour palette', 'Lay out a page on a grid'],
    materials: ['Design templates'],
    requirements: ['None'],
    tags: ['design', 'typography', 'color'],
    audience: ['Anyone who makes slides, posters or web pages'],
  },
  {
    teacher: 1,
    title: 'Brand Storytelling for Small Businesses',
    category: 'Marketing',
    videoLink: '',
    about: p(
      'Find the story behind your business and tell it consistently across your website, social media and email.',
    ),
    learn: ['Write a brand story', 'Plan a content calendar', 'Measure what works'],
    materials: ['Story worksheets', 'Content calendar template'],
    requirements: ['A business or project to market'],
    tags: ['marketing', 'branding', 'content'],
    audience: ['Founders', 'Freelancers'],
  },
  {
    teacher: 2,
    title: 'Acting for the Camera',
    category: 'Acting',
    videoLink: '',
    about: p('Screen acting technique: truthful reactions, working with the lens, and self-taping auditions.'),
    learn: ['Prepare a scene', 'Adjust a performance for the frame', 'Record a strong self-tape'],
    materials: ['Scene scripts', 'Self-tape checklist'],
    requirements: ['A phone or webcam'],
    tags: ['acting', 'film', 'audition'],
    audience: ['Aspiring actors'],
  },
  {
    teacher: 2,
    title: 'Public Speaking with Confidence',
    category: 'Business',
    videoLink: '',
    about: p('Structure a talk, manage nerves and connect with any audience, from meetings to conference stages.'),
    learn: ['Structure a persuasive talk', 'Use voice and body language', 'Handle questions calmly'],
    materials: ['Talk templates', 'Practice prompts'],
    requirements: ['None'],
    tags: ['speaking', 'communication', 'leadership'],
    audience: ['Professionals', 'Students'],
  },
  {
    teacher: 2,
    title: 'Starting a Small Business',
    category: 'Business',
    videoLink: '',
    about: p(
      'From idea to first customers: validate an idea, price it, and set up the basics of a sustainable business.',
    ),
    learn: ['Validate a business idea', 'Price a product or service', 'Keep simple books'],
    materials: ['Business plan template', 'Pricing calculator'],
    requirements: ['An idea you want to test'],
    tags: ['business', 'entrepreneurship'],
    audience: ['First-time founders'],
  },
  {
    teacher: 2,
    title: 'Digital Marketing Essentials',
    category: 'Marketing',
    videoLink: '',
    about: p('Search, social, email and analytics: a practical tour of the channels that bring people to your work.'),
    learn: ['Set up analytics', 'Run a small ad campaign', 'Grow an email list'],
    materials: ['Campaign planning sheets'],
    requirements: ['None'],
    tags: ['marketing', 'seo', 'analytics'],
    audience: ['Small business owners', 'Marketing beginners'],
  },
];

export const DEMO_REVIEWS: { student: number; course: number; rating: number; text: string }[] = [
  {
    student: 0,
    course: 0,
    rating: 5,
    text: 'Clear explanations and great exercises. Closures finally make sense to me.',
  },
  { student: 1, course: 0, rating: 4, text: 'Very good pace. I would have liked a few more async examples.' },
  { student: 2, course: 1, rating: 5, text: 'The best React course I have taken: practical and well structured.' },
  { student: 3, course: 4, rating: 5, text: 'I stopped shooting on auto after the second week.' },
  { student: 4, course: 4, rating: 4, text: 'Great assignments; the critique sessions were the highlight.' },
  { student: 5, course: 8, rating: 5, text: 'My self-tapes look professional now. Thank you!' },
  { student: 6, course: 9, rating: 3, text: 'Useful tips, though some lessons felt long.' },
  { student: 7, course: 11, rating: 4, text: 'A solid overview of the main channels.' },
];

export const DEMO_QUESTIONS: {
  author: 'student' | 'teacher';
  index: number;
  question: string;
  description: string;
  tags: string[];
  /** `accepted`: the asker accepted this answer (at most one per question). */
  answers: { author: 'student' | 'teacher'; index: number; answer: string; accepted?: boolean }[];
}[] = [
  {
    author: 'student',
    index: 0,
    question: 'What is the difference between let and const in JavaScript?',
    description: 'I see both used in the course examples. When should I pick one over the other?',
    tags: ['javascript', 'beginner'],
    answers: [
      {
        author: 'teacher',
        index: 0,
        answer: 'Use const by default; it cannot be reassigned. Use let only when the variable must change.',
      },
      {
        author: 'student',
        index: 1,
        answer: 'Also note that const objects can still be mutated, only the binding is fixed.',
      },
    ],
  },
  {
    author: 'student',
    index: 3,
    question: 'How do I avoid blurry photos in low light?',
    description: 'My evening photos are always soft. I am shooting handheld with a kit lens.',
    tags: ['photography', 'low-light'],
    answers: [
      {
        author: 'teacher',
        index: 1,
        answer:
          'Keep the shutter at 1/focal length or faster, open the aperture and raise ISO before you slow the shutter.',
      },
    ],
  },
  {
    author: 'teacher',
    index: 2,
    question: 'Share your best tip for calming nerves before a talk',
    description: 'Let us collect what works for everyone in the Public Speaking course.',
    tags: ['speaking', 'tips'],
    answers: [
      { author: 'student', index: 6, answer: 'Rehearse the first minute until it is automatic; the rest follows.' },
      // The first demo student's Answers tab shows an accepted answer (and the e2e axe checks see its badge).
      {
        author: 'student',
        index: 0,
        answer: 'Breathe out slowly for a count of six before you start; it steadies the voice.',
        accepted: true,
      },
    ],
  },
  {
    author: 'student',
    index: 2,
    question: 'Should I learn TypeScript before React?',
    description: 'I know JavaScript basics. Is it better to learn TypeScript first or pick it up alongside React?',
    tags: ['react', 'typescript'],
    answers: [],
  },
];
