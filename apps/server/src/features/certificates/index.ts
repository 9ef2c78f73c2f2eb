import { feature, type Core } from '#core.js';
import { certificateRoutes } from './routes.js';
import { createCertificateService } from './service.js';

/** Certificates and badges of completed courses. */
export function certificatesFeature(core: Core) {
  const { publicUrl, publicUrlSet } = core.config;
  const certificates = createCertificateService(core.db, { publicUrl, publicUrlSet });
  return feature({
    routes: async (api) => api.register(certificateRoutes, { certificates, guards: core.guards }),
  });
}
