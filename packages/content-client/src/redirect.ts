/** Whether a consolidated article's `redirect_type` asks for a permanent redirect: `permanent` does, any other value not. */
export const isPermanent = (redirectType: string | null | undefined): boolean => redirectType === 'permanent';
