import type { Profile } from '@lyceum/contract';
import type { Language } from '@lyceum/contract/constants';
import { images, users } from '#db/schema/index.js';

/**
 * Every column a Profile needs, with the picture's public name (join `images` on `users.profileImageId`); the
 * accounts feature (My Account, tokens) and the admin's user details read a profile through these.
 */
export const profileColumns = {
  id: users.id,
  role: users.role,
  status: users.status,
  email: users.email,
  username: users.username,
  firstname: users.firstname,
  lastname: users.lastname,
  phone: users.phone,
  expertise: users.expertise,
  pincode: users.pincode,
  address: users.address,
  city: users.city,
  country: users.country,
  aboutInfo: users.aboutInfo,
  personalWebsite: users.personalWebsite,
  githubProfile: users.githubProfile,
  timeZone: users.timeZone,
  language: users.language,
  profileImage: images.name,
  tokenVersion: users.tokenVersion,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export type ProfileRow = {
  [
    K in Exclude<keyof typeof profileColumns, 'profileImage' | 'timeZone' | 'language'>
  ]: (typeof profileColumns)[K]['_']['data'];
} & { profileImage: string | null; timeZone: string | null; language: Language | null };

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    role: row.role,
    status: row.status,
    email: row.email,
    username: row.username,
    firstname: row.firstname,
    lastname: row.lastname,
    phone: row.phone,
    expertise: row.expertise,
    pincode: row.pincode,
    address: row.address,
    city: row.city,
    country: row.country,
    aboutInfo: row.aboutInfo,
    personalWebsite: row.personalWebsite,
    githubProfile: row.githubProfile,
    profileImage: row.profileImage ?? null,
    timeZone: row.timeZone,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
