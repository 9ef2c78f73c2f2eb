export { StaffAccountDetailsPage as TeacherAccountDetailsPage } from '../staff-account-details-page';
