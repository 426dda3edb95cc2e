// The password rules moved to users/password.ts (users sit below auth). auth.inputs.ts and users/user.inputs.ts still
// read the length limit from here: they are being rewritten on another branch; new code imports users/password.ts.
export { PASSWORD_MAX_LENGTH } from '../users/password.js';
