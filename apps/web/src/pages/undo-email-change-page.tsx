import { useSearchParams } from 'react-router';
import { PasswordHelpCard } from '../features/account/components/password-help-card';
import { ResetLinkProblem } from '../features/account/components/reset-password-form';
import { UndoEmailChange } from '../features/account/components/undo-email-change';

/** /undo-email-change?token=…: where the link mailed to the old address after an e-mail change lands. */
export function UndoEmailChangePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';

  return (
    <PasswordHelpCard
      title="Undo the email change"
      description="Someone changed the email address of your Lyceum account. If it was not you, restore your address."
    >
      {token ? (
        <UndoEmailChange token={token} />
      ) : (
        <ResetLinkProblem title="This address has no undo link">
          This page opens from the link in the email about your changed address, and the address is missing its token.
          Open the link from that email.
        </ResetLinkProblem>
      )}
    </PasswordHelpCard>
  );
}
