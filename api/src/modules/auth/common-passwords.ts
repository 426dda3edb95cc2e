/** Very common passwords long enough to pass the length rule; compared case-insensitively. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '1234567890', '0123456789', '1234567891', '12345678910', 'qwertyuiop', '1q2w3e4r5t', 'password1', 'password12',
  'password123', 'password1234', 'passw0rd123', 'iloveyou12', 'iloveyou123', 'qwerty1234', 'qwerty12345', 'qwerty123456',
  '1qaz2wsx3edc', '123qweasdzxc', 'abcdefghij', 'abcd123456', 'abc1234567', 'a123456789', 'aa12345678', 'asdfghjkl1',
  'zxcvbnm123', 'computer12', 'football12', 'baseball12', 'basketball', 'sunshine12', 'princess12', 'starwars12',
  'superman12', 'trustno123', 'welcome123', 'letmein123', 'monkey1234', 'dragon1234', '1111111111', '0000000000',
  '9876543210', '987654321a', '5555555555', '1212121212', '1029384756', 'qazwsxedcrfv', 'michael123', 'jennifer12',
  'chocolate1', 'butterfly1', 'changeme123', 'administrator', 'admin12345', 'admin123456', 'adminadmin', 'aerialsilks',
  'aerialstudio', 'aerial-demo', 'yoga123456', 'dance12345', 'dancing123', 'gymnastics', 'passwordpassword', 'mypassword',
  'mypassword1', 'secret1234', 'secretpassword', 'whatever12', 'internet12', 'samsung123', 'asdfasdf12', 'qwertyqwerty',
  'iloveyou1234', 'lovelovelove', '123123123123', '1231231231', '12341234', '1234512345', '1234567890a', 'abcdefg123',
  'q1w2e3r4t5', 'q1w2e3r4t5y6', '1q2w3e4r5t6y', 'zaq12wsxcde', '1qazxsw23edc', 'p@ssw0rd123', 'pa55word123', 'summer2024',
  'summer2025', 'summer2026', 'winter2024', 'winter2025', 'winter2026', 'spring2025', 'spring2026', 'autumn2025',
  'welcome2025', 'welcome2026', 'password2025', 'password2026',
]);
