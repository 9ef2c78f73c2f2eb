import type { Answer, Course, Profile, PublicUser, Question, Review } from '@lyceum/contract';

/** v1-api.md §2.5: the contract shapes renamed to the v1 client's field names, with nothing added. */

export interface V1PublicUser {
  _id: string;
  firstname: string;
  lastname: string;
  username: string;
  profileImage: string | null;
  role: PublicUser['role'];
}

export function toV1PublicUser(user: PublicUser): V1PublicUser {
  return {
    _id: user.id,
    firstname: user.firstname,
    lastname: user.lastname,
    username: user.username,
    profileImage: user.profileImage,
    role: user.role,
  };
}

/** The caller's own account; `password` is always "" so the v1 form shows an empty box. */
export function toV1Profile(profile: Profile) {
  return {
    ...toV1PublicUser(profile),
    email: profile.email,
    phone: profile.phone,
    expertise: profile.expertise,
    pincode: profile.pincode,
    address: profile.address,
    city: profile.city,
    country: profile.country,
    aboutInfo: profile.aboutInfo,
    personalWebsite: profile.personalWebsite,
    githubProfile: profile.githubProfile,
    password: '',
    createdAt: profile.createdAt,
    updatedAt: profile.updatedAt,
  };
}

export function toV1Course(course: Course) {
  return {
    _id: course.id,
    courseTitle: course.title,
    courseCategory: course.category,
    videoLink: course.videoLink,
    aboutCourse: course.aboutHtml,
    learnItems: course.learnItems,
    materialIncludesItems: course.materialItems,
    requirementItems: course.requirementItems,
    tagItems: course.tagItems,
    audienceItems: course.audienceItems,
    status: 'publish' as const,
    teacherId: toV1PublicUser(course.teacher),
    createdAt: course.createdAt,
    updatedAt: course.updatedAt,
  };
}
export type V1Course = ReturnType<typeof toV1Course>;

/** A review with `course` as an id and `student` as an id, or populated when the route says so. */
export function toV1Review(review: Review, options: { populateStudent?: boolean } = {}) {
  return {
    _id: review.id,
    course: review.courseId,
    student: options.populateStudent ? toV1PublicUser(review.student) : review.student.id,
    rating: review.rating,
    reviewText: review.text,
    createdAt: review.createdAt,
    updatedAt: review.updatedAt,
  };
}

/** The v1 client renders only student and teacher authors: any other role is shown as a teacher. */
function v1Role(role: PublicUser['role']): 'student' | 'teacher' {
  return role === 'student' ? 'student' : 'teacher';
}

export function toV1Answer(answer: Answer) {
  const role = v1Role(answer.authorRole);
  const author = toV1PublicUser(answer.author);
  return {
    _id: answer.id,
    answer: answer.answer,
    role,
    // A teacher's answer carries its author under both keys: the v1 client reads studentId.profileImage.
    ...(role === 'student' ? { studentId: author } : { teacherId: author, studentId: author }),
    vote: answer.voteScore,
    createdAt: answer.createdAt,
    updatedAt: answer.updatedAt,
  };
}

/** A question; `answers` (oldest first) is left out where the route says so. */
export function toV1Question(question: Question, answers?: readonly Answer[]) {
  const role = v1Role(question.authorRole);
  const author = toV1PublicUser(question.author);
  const ordered = answers && [...answers].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return {
    _id: question.id,
    question: question.question,
    description: question.description,
    tags: question.tags,
    role,
    ...(role === 'student' ? { studentId: author } : { teacherId: author }),
    vote: question.voteScore,
    ...(ordered ? { answers: ordered.map(toV1Answer) } : {}),
    createdAt: question.createdAt,
    updatedAt: question.updatedAt,
  };
}
