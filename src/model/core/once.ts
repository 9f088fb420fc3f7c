/** A value built on first use and the same instance after (a zod schema: building schemas costs start time). */
export const once = <S>(build: () => S): (() => S) => {
  let built: S | undefined;
  return () => (built ??= build());
};
