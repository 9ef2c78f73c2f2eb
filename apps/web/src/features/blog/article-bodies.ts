import type { ArticleBlock } from './articles';

const p = (text: string): ArticleBlock => ({ kind: 'paragraph', text });
const h = (text: string): ArticleBlock => ({ kind: 'heading', text });
const list = (...items: string[]): ArticleBlock => ({ kind: 'list', items });
const code = (...lines: string[]): ArticleBlock => ({ kind: 'code', code: lines.join('\n') });

/** The text of every article by slug: only the article page downloads it (the blog's lists need none). */
export const ARTICLE_BODIES: Readonly<Record<string, readonly ArticleBlock[]>> = {
  'designing-lessons-people-finish': [
    p(
      'Most online courses are not abandoned because they are too hard. They are abandoned on an ordinary Tuesday, when a learner opens the course, cannot remember where they stopped, and closes the tab. The design of a lesson decides whether that Tuesday ends with progress or with a quiet goodbye.',
    ),
    h('Make the next step obvious'),
    p(
      'Every screen of a course should answer one question before any other: what do I do now? A single, clearly labelled primary action — “Continue lesson 4”, not “Go” — beats a dashboard of equal-looking cards. When learners return after a week, show them the last thing they finished and the one thing that comes next. Resist the urge to recommend five other courses on the same screen; a choice offered at the wrong moment often becomes a choice not to continue.',
    ),
    h('Cut lessons to the size of a sitting'),
    p(
      'A lesson that takes ten to fifteen minutes fits into a lunch break or a train ride. Long lectures can usually be split where the topic naturally turns: the moment a teacher says “now that we have this, let us look at that” is a chapter boundary. Each piece should end with something the learner does — a question, a small exercise, a summary in their own words — because doing is what makes the minutes stick.',
    ),
    h('Show progress honestly'),
    p(
      'Progress bars motivate only when they tell the truth. A bar that jumps to forty per cent after an introduction video feels good once and then feels like a trick. Count the things that take effort, describe the bar in words (“Lesson 5 of 7”) rather than with a bare percentage, and never reset it when the course is updated.',
    ),
    list(
      'One primary action per screen, named after what it does.',
      'Lessons of ten to fifteen minutes, each ending in an activity.',
      'Progress counted in lessons and described in words.',
      'A “pick up where you left off” entry at the top of the course page.',
    ),
    p(
      'None of this needs a redesign of the whole platform. Take the course where most people stop, find the screen where they stop, and fix that one screen first. Then do it again with the next one.',
    ),
  ],
  'accessible-course-pages-checklist': [
    p(
      'Accessibility is often treated as a final audit, a box to tick before launch. On a learning platform it is closer to the core of the product: if a learner cannot reach the enrol button with a keyboard, or cannot read the lesson text against its background, the course simply does not exist for them. This is the checklist we run on every page before it ships.',
    ),
    h('Structure first'),
    p(
      'A page should have one main heading that says what the page is, and headings that go down one level at a time. Screen reader users jump from heading to heading the way sighted readers skim, so a skipped level, or a styled box pretending to be a heading, breaks their map of the page. Landmarks — header, navigation, main content, footer — let them skip what they have already heard, and a “skip to main content” link does the same for keyboard users.',
    ),
    h('Contrast and text'),
    p(
      'Body text needs a contrast ratio of at least 4.5:1 against its background, large text at least 3:1. Pale grey on white is the most common failure, usually in dates, captions and hints — exactly where learners look for details. Let text grow, too: a layout that breaks at 200% zoom locks out many readers who simply need larger letters.',
    ),
    h('Controls everyone can reach'),
    list(
      'Every control has a visible label, and its accessible name starts with the visible text.',
      'Focus is always visible, and it moves in the order the page reads.',
      'Targets for clicks and taps are at least 24 by 24 pixels.',
      'Anything that moves on its own — a carousel, a ticker — can be paused, and stays still for people who ask their system for reduced motion.',
    ),
    h('Media'),
    p(
      'Videos need captions, and a transcript helps everyone who prefers reading or searching. Images that carry information need alternative text that says what the image tells you, not what it looks like; purely decorative images get an empty alternative text so that screen readers skip them.',
    ),
    p(
      'Automated tools such as axe catch a good share of these problems on every build, but they cannot tell whether alternative text is accurate or whether the focus order makes sense. That part needs a keyboard, a screen reader and ten minutes of patience before each release.',
    ),
  ],
  'server-state-is-not-app-state': [
    p(
      'A common shape of React apps a few years ago: a global store holds the current user, the list of courses, the selected course, a loading flag for each, an error for each, and a timestamp somebody added to decide when to fetch again. Half of the reducers exist to keep a copy of the server’s data fresh. That copy is the problem.',
    ),
    h('Two kinds of state'),
    p(
      'App state belongs to the browser: whether a drawer is open, which tab is selected, what someone has typed into a form they have not sent yet. Server state belongs to the server, and the browser only borrows it: the course list, a review, the number of answers to a question. Borrowed data can go stale at any moment, because someone else can change it. Treating both kinds the same way is what makes a global store grow without end.',
    ),
    h('Let a cache own server state'),
    p(
      'Libraries such as TanStack Query treat server data as a cache, keyed by what you asked for. A key like `["courses", { category: "Design", page: 2 }]` identifies one answer; components that need it subscribe to the key, and the library removes duplicate requests, refetches when the window regains focus, and can keep the previous page on screen while the next one loads. Loading and error states come with the query instead of living in hand-written flags.',
    ),
    p(
      'Mutations complete the picture. After a student posts a review, invalidate the queries that show reviews and the course rating; the cache fetches them again and every screen that displays them updates. There is no second copy to patch by hand, and no screen that forgot to.',
    ),
    h('What stays in React'),
    p(
      'Once server state has moved out, what remains is usually small enough for `useState`, `useReducer` and a context or two: the session, a few preferences, the state of the current form. When a feature seems to need a global store again, check whether it is really borrowing server data under another name.',
    ),
    p(
      'The result is less code, and code that reads like the product: this screen shows these queries, this button runs that mutation, and the mutation invalidates exactly the queries it changes.',
    ),
  ],
  'forms-that-forgive': [
    p(
      'A registration form is often the first conversation a product has with a new learner, and too many of them open with an accusation: a red border appears under the e-mail field after the first keystroke, long before anyone could have finished typing. Good validation is less about rules than about timing and tone.',
    ),
    h('Check at the right moment'),
    p(
      'Check a field when the person leaves it, not while they type, and check everything again on submit. Once a field has shown an error, it is fine to re-check it on every keystroke, so the message disappears the moment the value is fixed — that feels like help rather than nagging. On submit, move focus to the first field that needs attention, so keyboard and screen reader users land where the problem is.',
    ),
    h('Say what to do, not what went wrong'),
    p(
      '“Invalid input” tells the learner nothing. “Password must be at least 8 characters” tells them exactly what to change. Connect the message to its field with `aria-describedby` and mark the field with `aria-invalid`, so assistive technology reads the message together with the label.',
    ),
    h('One set of rules for browser and server'),
    p(
      'Rules written twice drift apart. Describe the shape of the data once — for example as a zod schema in a package both sides import — and use it to check the form in the browser and to validate the request on the server. The browser check is a courtesy that saves a round trip; the server check is the one that counts, because anyone can send a request without your form.',
    ),
    p(
      'When the server does reject a value, such as an e-mail address that is already registered, show its message next to the field it concerns rather than in a notification that disappears after a few seconds. And keep everything the person typed: losing a long form to a single mistake is the quickest way to lose the person too.',
    ),
  ],
  'modern-php': [
    p(
      'Many developers formed their opinion of PHP around version 5: functions with inconsistent names, silent type juggling, and templates mixing SQL with HTML. The language has changed a great deal since then, and a PHP 8 codebase can look as disciplined as any other typed back end.',
    ),
    h('Types you can rely on'),
    p(
      'Parameter, return and property types, union and nullable types, and the `mixed` and `never` types cover most of what a service needs to describe. Put `declare(strict_types=1);` at the top of a file and scalar arguments are no longer converted silently: passing the string “5” where an `int` is expected becomes a `TypeError` instead of a surprise.',
    ),
    h('Less ceremony'),
    p(
      'Constructor property promotion turns a ten-line constructor into a single signature. Readonly properties (PHP 8.1) and readonly classes (8.2) make value objects immutable without a single getter. Enums give a fixed set of cases a real type, so a course status is `CourseStatus::Published` rather than a string that might be misspelled. And `match` compares strictly, returns a value and throws when no arm matches — everything `switch` never did.',
    ),
    list(
      'Named arguments make calls with many optional parameters readable.',
      'The nullsafe operator `?->` ends long chains of null checks.',
      'First-class callable syntax, `strlen(...)`, replaces strings that name functions.',
    ),
    h('An ecosystem with conventions'),
    p(
      'Composer handles dependencies and autoloading, and the PSR standards give frameworks and libraries shared interfaces for logging, HTTP messages and containers. Static analysers such as PHPStan and Psalm read the types and catch whole classes of bugs before the code ever runs.',
    ),
    p(
      'If you last wrote PHP a decade ago, pick a small project — a contact form, a JSON endpoint — and write it in PHP 8 with strict types switched on. It is the quickest way to replace an old impression with a current one.',
    ),
  ],
  'storing-passwords-in-php': [
    p(
      'Every platform with accounts eventually has to answer one question: what happens to our users if the database leaks? If the answer is “the attacker has everyone’s password”, something went wrong long before the leak. PHP makes the right answer the easy one, as long as you use the functions it provides.',
    ),
    h('Hash, never encrypt'),
    p(
      'A password should be stored as a slow, salted hash, not as encrypted text that a key could turn back into the original. `password_hash()` generates a random salt, runs a deliberately expensive algorithm and returns a single string that contains the algorithm, its cost settings, the salt and the hash. Store that string as it is, in a column wide enough for future algorithms — 255 characters is the usual advice.',
    ),
    p(
      'To check a login, pass the submitted password and the stored string to `password_verify()`. It reads the settings from the string itself and compares the results in constant time, so you never handle salts or comparisons yourself.',
    ),
    h('Choose the algorithm, then keep it current'),
    p(
      '`PASSWORD_DEFAULT` is bcrypt today. If your PHP build includes Argon2, `PASSWORD_ARGON2ID` is a strong choice that is expensive in memory as well as in time, which makes guessing on specialised hardware slower. Note that bcrypt only uses the first 72 bytes of a password, which matters if you allow very long passphrases.',
    ),
    p(
      'Cost settings should grow as hardware gets faster. After a successful login, call `password_needs_rehash()` with your current algorithm and options; if it returns true, hash the password again and save the new string. Users are upgraded silently, one login at a time.',
    ),
    h('Around the hash'),
    list(
      'Limit failed logins per account and per address, so guessing stays slow even against a weak password.',
      'Refuse the most common passwords when people choose one.',
      'Send reset links that expire and work only once, and store only a hash of their token.',
      'Never write passwords to a log, not even failed ones.',
    ),
    p(
      'None of these steps is exotic. Together they turn a database leak from a disaster for your users into a serious but contained incident.',
    ),
  ],
  'event-loop-one-timeline': [
    p('Few pieces of JavaScript trivia come up as often as the order in which these four lines print:'),
    code(
      "console.log('A');",
      "setTimeout(() => console.log('B'), 0);",
      "Promise.resolve().then(() => console.log('C'));",
      "console.log('D');",
    ),
    p(
      'The answer is A, D, C, B, and the reason is not a quirk but the most useful model there is of how a browser runs your code.',
    ),
    h('One thread, one task at a time'),
    p(
      'The browser runs your JavaScript on one main thread. Work arrives as tasks: running a script, handling a click, firing a timer. A task runs to completion; nothing interrupts it halfway. That is why A and D print first — both are part of the task that runs the script.',
    ),
    h('Microtasks jump the queue'),
    p(
      'Promise callbacks are not tasks but microtasks. Whenever the current task finishes and the call stack is empty, the browser drains the whole microtask queue before it does anything else, including starting the next task. C is a microtask, so it runs straight after the script. B is a timer callback, a task, so it waits its turn even with a delay of zero.',
    ),
    h('Where rendering fits'),
    p(
      'Between tasks, when a new frame is due, the browser may update the page: run `requestAnimationFrame` callbacks, recalculate styles and layout, and paint. A long task therefore does more than delay other code — it freezes the page, because no frame can be drawn until it ends. An endless chain of microtasks does the same, since the queue must be empty before rendering can happen.',
    ),
    list(
      'Split long work into chunks and yield between them, for example with `setTimeout` or `scheduler.yield()` where it is supported.',
      'Keep event handlers short, and do the expensive part after the next paint.',
      'Move heavy computation off the main thread into a Web Worker.',
    ),
    p(
      'Once the timeline is clear, many mysteries dissolve: why a spinner shown just before a heavy loop never appears, why a resolved promise still runs “later”, and why a page that seems to do nothing can still feel stuck.',
    ),
  ],
  'time-zones-in-javascript': [
    p(
      'A live class is announced for 18:00. A learner in Lisbon joins an hour late, one in Nairobi an hour early, and the teacher wonders what went wrong. Almost every date bug comes from forgetting which clock a moment was written in.',
    ),
    h('Store instants, show local times'),
    p(
      'A JavaScript `Date` is a single instant: a number of milliseconds since 1 January 1970, UTC. It has no time zone of its own; methods such as `getHours()` simply read it through the time zone of the device running the code. Store and send instants in UTC, as ISO 8601 strings such as `2026-05-12T16:00:00Z`, and convert to local time only when you show them to a person.',
    ),
    h('Parsing traps'),
    p(
      '`new Date("2026-05-12")` is read as midnight UTC, while `new Date("2026-05-12T00:00")` is read as midnight local time. West of Greenwich, the first one is displayed as the evening of 11 May. Prefer complete ISO strings with an explicit offset, and never parse free-form text such as “05/12/2026”, whose meaning depends on the browser and on the reader.',
    ),
    h('Let Intl do the formatting'),
    p(
      '`Intl.DateTimeFormat` knows month and weekday names in every locale, whether a region uses a 12- or 24-hour clock, and how to show a moment in any IANA time zone:',
    ),
    code(
      "new Intl.DateTimeFormat('en-GB', {",
      "  dateStyle: 'full',",
      "  timeStyle: 'short',",
      "  timeZone: 'Africa/Nairobi',",
      "}).format(new Date('2026-05-12T16:00:00Z'));",
      "// 'Tuesday, 12 May 2026 at 19:00'",
    ),
    p(
      'For a live session, show the time in the viewer’s own zone and name the zone next to it, and offer a calendar file so that the learner’s calendar does the conversion as well.',
    ),
    h('What comes next'),
    p(
      'The Temporal API, now arriving in browsers, separates the ideas that `Date` blurs together: an exact instant, a wall-clock date and time, and a date and time in a named zone. Until it is available everywhere you need it, UTC instants in storage and `Intl` for display prevent most of the drama.',
    ),
  ],
  'course-page-that-answers-questions': [
    p(
      'A visitor who lands on a course page arrives with a handful of questions, whether or not they would put them into words. What will I be able to do afterwards? Is this for my level? Who teaches it? How long will it take? What did other learners think? A page that answers them in that order sells the course without a single exclamation mark.',
    ),
    h('Lead with the outcome'),
    p(
      'The title says what the course is about; the first lines under it should say what the learner will be able to do. “Build and publish a responsive portfolio site” is a promise someone can picture. Follow it with a short list of concrete skills. The “What you will learn” list is among the most read parts of a course page, so write it with care and keep each item to one line.',
    ),
    h('Make fit easy to judge'),
    p(
      'Level, requirements and the intended audience keep the wrong people from enrolling and reassure the right ones. Be specific: “You should be comfortable writing a JavaScript function” helps far more than “Basic knowledge required”.',
    ),
    h('Let learners speak'),
    p(
      'Reviews persuade because they come from people with nothing to sell. Show the average rating next to the number of reviews it is based on — a perfect score from two reviews and a strong one from two hundred are different things — and let visitors read the reviews in full, critical ones included. Honest mixed reviews build more trust than a wall of perfect scores.',
    ),
    h('One clear action'),
    p(
      'Put the enrol button where the questions have been answered, and repeat it at the end of a long page. Name it after what happens — “Enroll now” — and keep it the most visible button on the page. Secondary actions, such as saving the course to a wishlist, should look secondary.',
    ),
    p(
      'Then measure the one number that matters: of the people who read the page, how many started the first lesson? Change one part at a time, and watch that number.',
    ),
  ],
  'performance-budgets-react': [
    p(
      'The first impression of a course is rarely its content. It is the few seconds between tapping a link on a phone and seeing something useful. On a slow connection those seconds decide whether the visitor stays, and no headline can win back someone who has already left.',
    ),
    h('Set a budget before you need it'),
    p(
      'A performance budget is a limit the team agrees on and checks automatically: for example, no more than 170 KB of compressed JavaScript before a public page can show its content, and a Lighthouse performance score of at least 95 on a simulated mid-range phone. A budget turns “the site feels slow” into a failing check on a specific change, while that change is still small and easy to undo.',
    ),
    h('Ship less JavaScript first'),
    p(
      'In a React app the biggest lever is what loads on the first visit. Split the bundle by route, so that someone reading a blog post never downloads the course editor or the admin area. Load heavy widgets — rich-text editors, charts, carousels — only on the pages that show them. Check what a dependency costs before adding it; a single date or chart library can outweigh all of your own code.',
    ),
    h('Then make what remains cheap'),
    list(
      'Give every image its width and height, so the layout does not jump while it loads.',
      'Prefer system fonts, or load web fonts without blocking the first paint.',
      'Serve files compressed, and cache the hashed ones for a year.',
      'Keep the first render small, and fetch data for what is visible first.',
    ),
    p(
      'Marketing teams sometimes see performance as an engineering concern. It is the opposite: every second of loading is paid for out of the audience a campaign brought in. A budget is how both teams agree on what a second is worth.',
    ),
  ],
  'launch-emails-reach-the-inbox': [
    p(
      'You have written the announcement for your new course, built the list of people who asked to hear about it, and pressed send from your PHP application. Half of the messages land in spam. Deliverability is not luck; it is a handful of settings and habits that mailbox providers check on every message.',
    ),
    h('Prove who you are'),
    p(
      'Three DNS records tell receiving servers that your messages are genuine. SPF lists the servers allowed to send mail for your domain. DKIM adds a cryptographic signature to each message, which the receiver checks against a public key you publish. DMARC tells receivers what to do with a message that fails those checks, and where to send reports about it. The large mailbox providers now expect all three from anyone who sends in volume.',
    ),
    h('Send like a well-behaved application'),
    p(
      'Use an established library such as Symfony Mailer or PHPMailer over authenticated SMTP or your provider’s API, rather than the bare `mail()` function. Send a plain-text part alongside the HTML, use a From address on your own domain, and queue the messages so that a launch to thousands of people goes out at a steady pace instead of in one burst.',
    ),
    h('Respect the reader'),
    list(
      'Write only to people who asked for it, and say in the first line why they are receiving the message.',
      'Include a one-click unsubscribe link and the `List-Unsubscribe` header, and honour both at once.',
      'Remove addresses that bounce, and watch the complaint rate after every send.',
    ),
    p(
      'The reward for this care compounds: every message that is opened rather than reported improves the reputation of your domain, and the next announcement starts from a better place.',
    ),
  ],
  'measuring-a-launch-without-tracking': [
    p(
      'When a new course launches, the questions are simple: how many people saw the announcement, how many opened the course page, and how many enrolled? Answering them does not require following each visitor across the web, and on a learning platform it should not.',
    ),
    h('Count events, not people'),
    p(
      'Most launch questions are about totals. A page view, a click on “Enroll now” and a completed enrolment can each be recorded as an anonymous event with a name, a page and a day. Counts per day answer “did the new course page convert better than the old one?” without storing who did what.',
    ),
    h('Send them politely'),
    p(
      'In the browser, `navigator.sendBeacon()` queues a small request that survives the page being closed and never holds up navigation. Send the event name and the path, leave out the query string if it could contain personal data, and send nothing at all when the visitor has asked not to be tracked, for example through the Global Privacy Control signal.',
    ),
    code(
      'function track(name) {',
      '  if (navigator.globalPrivacyControl) return;',
      '  const body = JSON.stringify({ name, path: location.pathname });',
      "  navigator.sendBeacon('/events', new Blob([body], { type: 'application/json' }));",
      '}',
    ),
    h('Use what you already have'),
    p(
      'Some of the best launch numbers need no tracking code at all. Enrolments, wishlist additions and reviews already live in your database with dates attached; a weekly query shows, per course, how many wishlists turned into enrolments. Campaign links can carry a short tag in the address, counted on arrival and then dropped.',
    ),
    p(
      'Learners notice how they are treated. A platform that measures its launches with restraint can say so plainly in its privacy notice — and that sentence is good marketing too.',
    ),
  ],
};
