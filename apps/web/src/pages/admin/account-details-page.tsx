export { StaffAccountDetailsPage as AdminAccountDetailsPage } from '../staff-account-details-page';
