import { useParams } from 'react-router';
import { PageContainer } from '../components/page-container';
import { paths } from '../config/paths';
import { CertificateVerification } from '../features/certificates/components/certificate-verification';

/** /certificates/:code — the public verification of a certificate (anyone, no sign-in). */
export function CertificatePage() {
  const { code = '' } = useParams();
  return (
    <PageContainer>
      <CertificateVerification key={code} code={code} hrefOf={paths.certificate.href} />
    </PageContainer>
  );
}
