/* The API's shapes for single sign-on (issue 48) live in the contract, which the admin's page reads too. */
export {
  AdminProviderSchema,
  ExchangeBodySchema,
  ExchangeResponseSchema,
  ProviderBodySchema,
  ProviderParamsSchema,
  ProviderPatchSchema,
  PublicProviderSchema,
  SignInAttemptSchema,
  StartQuerySchema,
} from '@lyceum/contract';
