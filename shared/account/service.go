// Package account is how people get into Zuum and stay in: sign-up with an emailed one-time
// code, verification, login with rate limits, sessions that logout and password resets end,
// password reset by emailed link, and sign-in with Google. It stores its own items (codes,
// sessions, rate-limit windows) in the Users table beside the profiles it reads through
// shared/profile.
package account

import (
	"context"
	"log/slog"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"zuum/shared/credential"
	"zuum/shared/dynamo"
	"zuum/shared/failure"
	"zuum/shared/mail"
	"zuum/shared/profile"
	"zuum/shared/session"
)

// Rules of the account flows; the rate limits are in limits.go.
const (
	OTPTTL         = 10 * time.Minute
	OTPMaxTries    = 5 // tries per code; a resend's new code has five again, within VerifyTriesAccount a day
	ResendCooldown = 60 * time.Second
	ResetTTL       = 30 * time.Minute
)

// Messages of the spec's error catalogue (part 1 §8) and of the API contract.
var (
	ErrInvalidOTP      = failure.New(failure.Invalid, "Invalid OTP. Please try again.")
	ErrOTPExpired      = failure.New(failure.Invalid, "This code has expired. Please request a new OTP.")
	ErrOTPTries        = failure.New(failure.Invalid, "Too many wrong codes. Please request a new OTP.")
	ErrUserNotFound    = failure.New(failure.NotFound, "User not found. Please check your email.")
	ErrAlreadyVerified = failure.New(failure.Invalid, "Email is already verified.")
	ErrBadCredentials  = failure.New(failure.Unauthorized, "Invalid credentials. Please check your email and password.")
	ErrDeactivated     = failure.New(failure.Forbidden, "This account has been deactivated.")
	ErrNotVerified     = failure.New(failure.NotAcceptable, "Email is not verified. Please verify your email first.")
	ErrResetCooldown   = failure.New(failure.RateLimited, "Please wait a minute before requesting another reset link.")
	ErrBadResetToken   = &failure.Error{Code: failure.Invalid, Message: "Invalid or expired reset token.",
		Fields: []failure.FieldError{{Field: "token", Msg: "Invalid or expired reset token."}}}
)

// Mailer sends one email.
type Mailer interface {
	Send(ctx context.Context, m mail.Message) error
}

// Config wires a Service.
type Config struct {
	DB       *dynamodb.Client
	Profiles *profile.Store
	Mailer   Mailer
	// Secret signs session tokens (shared/session) and keys one-time-code hashes (at least 32 bytes).
	Secret []byte
	// AppURL is the web app's origin, for links in emails.
	AppURL string
	// HashCost is the bcrypt cost (BCRYPT_COST); 0 means bcrypt.DefaultCost.
	HashCost int
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Reactivate turns back on an account its holder deactivated themselves, as they log in
	// again (with the shared timelines' sizes it moves); nil leaves such accounts off.
	Reactivate func(ctx context.Context, id string) error
}

// Service runs the account flows.
type Service struct {
	store
	profiles   *profile.Store
	mailer     Mailer
	sessions   *session.Users
	codes      credential.Hasher
	passwords  *credential.Passwords
	appURL     string
	now        func() time.Time
	reactivate func(ctx context.Context, id string) error
}

// New returns a Service.
func New(c Config) (*Service, error) {
	if c.Now == nil {
		c.Now = time.Now
	}
	sessions, err := session.NewStore(c.DB, c.Profiles.Table(), c.Secret, c.Now)
	if err != nil {
		return nil, err
	}
	passwords, err := credential.NewPasswords(c.HashCost)
	if err != nil {
		return nil, err
	}
	table := c.Profiles.Table()
	return &Service{
		store: store{db: c.DB, table: table, cred: credential.Store{DB: c.DB, Table: table}}, profiles: c.Profiles,
		mailer: c.Mailer, sessions: session.NewUsers(sessions), codes: credential.Hasher{Secret: c.Secret},
		passwords: passwords, appURL: strings.TrimRight(c.AppURL, "/"), now: c.Now, reactivate: c.Reactivate,
	}, nil
}

// otpRefusals answer an email code that did not work.
var otpRefusals = credential.Refusals{Wrong: ErrInvalidOTP, Expired: ErrOTPExpired, NoTries: ErrOTPTries}

// otpItem is a fresh email code of userID, as stored.
func (s *Service) otpItem(userID, code string, now time.Time) credential.Code {
	return credential.NewCodeItem(codeKey(userID, skOTP), s.codes.Hash(userID, code), now, OTPTTL)
}

// SignupResult tells whether the verification email went out.
type SignupResult struct {
	Account  profile.Account
	MailSent bool
}

// Signup creates an unverified account and emails its one-time code. The account, its
// uniqueness guards and the code are written in one transaction: a clash on email or username
// leaves nothing behind. Each valid sign-up counts against its address (ip), SignupsIP an hour.
func (s *Service) Signup(ctx context.Context, in profile.SignupInput, ip string) (SignupResult, error) {
	su, err := profile.NewSignup(in)
	if err != nil {
		return SignupResult{}, err
	}
	if err := s.cred.Take(ctx, s.now(), signupPerIP.Of(ip)); err != nil {
		return SignupResult{}, err
	}
	hash, err := s.passwords.Hash(su.Password)
	if err != nil {
		return SignupResult{}, failure.Wrap(err, "hash password")
	}
	now := s.now()
	a := profile.Account{
		Profile: profile.Profile{
			ID: uuid.NewString(), Username: su.Username, Identity: su.Identity, FirstName: su.FirstName,
			MiddleName: su.MiddleName, LastName: su.LastName, Email: su.Email, Phone: su.Phone, CreatedAt: now,
		},
		PasswordHash: hash,
	}
	code, err := credential.NewCode()
	if err != nil {
		return SignupResult{}, failure.Wrap(err, "make code")
	}
	put := s.cred.PutCode(s.otpItem(a.ID, code, now), now, 0)
	if err := s.profiles.Create(ctx, a, types.TransactWriteItem{Put: &put}); err != nil {
		return SignupResult{}, err
	}
	sent := s.mailOTP(ctx, a, code)
	return SignupResult{Account: a, MailSent: sent}, nil
}

// mailOTP emails the code; when that fails it clears the resend cooldown so the user can ask
// again at once rather than being stuck with a code they never received.
func (s *Service) mailOTP(ctx context.Context, a profile.Account, code string) bool {
	if err := s.mailer.Send(ctx, otpMail(a, code)); err != nil {
		slog.ErrorContext(ctx, "send verification email", "user", a.ID, "err", err)
		if err := s.cred.ClearCooldown(ctx, codeKey(a.ID, skOTP)); err != nil {
			slog.ErrorContext(ctx, "clear cooldown", "user", a.ID, "err", err)
		}
		return false
	}
	return true
}

// VerifyEmail checks code against the one sent to email and marks the account verified. Every
// try counts first: against the code (OTPMaxTries, then a new code is needed) and against the
// email (VerifyTriesAccount a day, which a resend does not reset). An unknown email and an
// already verified one answer as a wrong code does, so the answer tells nobody which emails
// have verified accounts.
func (s *Service) VerifyEmail(ctx context.Context, email, code string) error {
	email, code = profile.NormalizeEmail(email), strings.TrimSpace(code)
	if email == "" || code == "" {
		return failure.New(failure.Invalid, "Please enter both email and OTP.")
	}
	if !profile.ValidEmail(email) {
		return ErrInvalidOTP // no account has it
	}
	if err := s.cred.Take(ctx, s.now(), verifyPerAccount.Of(email)); err != nil {
		return err
	}
	a, err := s.profiles.AccountByEmail(ctx, email)
	if failure.Is(err, failure.NotFound) || err == nil && a.Verified {
		return ErrInvalidOTP // nothing to verify: answered as a wrong code
	}
	if err != nil {
		return err
	}
	h := s.codes.Hash(a.ID, code)
	if err := s.cred.Try(ctx, codeKey(a.ID, skOTP), OTPMaxTries, s.now(), h); err != nil {
		return otpRefusals.Of(err)
	}
	err = dynamo.Transact(ctx, s.db, []types.TransactWriteItem{s.cred.Consume(codeKey(a.ID, skOTP), h), s.profiles.MarkVerified(a.ID)})
	if _, canceled := dynamo.CanceledBy(err); canceled {
		return ErrInvalidOTP // used or replaced by a concurrent request
	}
	if err != nil {
		return failure.Wrap(err, "verify email")
	}
	return nil
}

// ResendOTP sends a fresh code, at most once a minute.
func (s *Service) ResendOTP(ctx context.Context, email string) error {
	email = profile.NormalizeEmail(email)
	if email == "" {
		return failure.New(failure.Invalid, "Please enter your email address.")
	}
	if !profile.ValidEmail(email) {
		return ErrUserNotFound
	}
	a, err := s.profiles.AccountByEmail(ctx, email)
	if failure.Is(err, failure.NotFound) {
		return ErrUserNotFound
	}
	if err != nil {
		return err
	}
	if a.Verified {
		return ErrAlreadyVerified
	}
	code, err := s.cred.Issue(ctx, s.codes, codeKey(a.ID, skOTP), a.ID, s.now(), OTPTTL, ResendCooldown)
	if err != nil {
		return err
	}
	if !s.mailOTP(ctx, a, code) {
		return failure.Wrap(nil, "send verification email")
	}
	return nil
}

// Login is a new session: its token, when it ends, and the account it belongs to.
type Login struct {
	Token     string
	ExpiresAt time.Time
	Account   profile.Account
}

// Login checks credentials and opens a session. Every attempt is counted first, per account and
// per address, so a burst of concurrent guesses gets no more checks than the limits allow; an
// attempt with the right password is then forgiven (the account's failures forgotten, the
// address's attempt given back). Past a limit every attempt is refused for the rest of the
// window, right or wrong.
func (s *Service) Login(ctx context.Context, email, password, ip string) (Login, error) {
	email = profile.NormalizeEmail(email)
	if err := credential.CheckLogin(email, password, profile.ValidEmail); err != nil {
		return Login{}, err
	}
	now := s.now()
	perAccount, perIP := loginPerAccount.Of(email), loginPerIP.Of(ip)
	if err := s.cred.Take(ctx, now, perAccount, perIP); err != nil {
		return Login{}, err
	}
	a, err := s.profiles.AccountByEmail(ctx, email)
	if err != nil && !failure.Is(err, failure.NotFound) {
		return Login{}, err
	}
	// An unknown account costs a comparison all the same (Passwords.Match's timing guard).
	if !s.passwords.Match(a.PasswordHash, password) || err != nil {
		return Login{}, ErrBadCredentials
	}
	if err := s.cred.Forget(ctx, perAccount, now); err != nil {
		return Login{}, err
	}
	if err := s.cred.GiveBack(ctx, perIP, now); err != nil {
		return Login{}, err
	}
	if a.Deleted {
		return Login{}, ErrBadCredentials // being deleted: as good as gone
	}
	if a, err = s.comeBack(ctx, a); err != nil {
		return Login{}, err
	}
	if !a.Verified {
		return Login{}, ErrNotVerified
	}
	return s.openSession(ctx, a)
}

// comeBack lets the holder of an account in: one they deactivated themselves is turned back on,
// one an admin deactivated is refused.
func (s *Service) comeBack(ctx context.Context, a profile.Account) (profile.Account, error) {
	if !a.Deactivated {
		return a, nil
	}
	if !a.SelfDeactivated || s.reactivate == nil || a.Deleted {
		return a, ErrDeactivated
	}
	if err := s.reactivate(ctx, a.ID); err != nil {
		return a, err
	}
	a.Deactivated, a.SelfDeactivated = false, false
	return a, nil
}

func (s *Service) openSession(ctx context.Context, a profile.Account) (Login, error) {
	is, err := s.sessions.Open(ctx, a)
	if err != nil {
		return Login{}, err
	}
	return Login{Token: is.Token, ExpiresAt: is.ExpiresAt, Account: a}, nil
}

// Sessions is the user session verifier the service opens sessions with.
func (s *Service) Sessions() *session.Users { return s.sessions }

// Authenticate returns the user session token belongs to (see session.Users.Authenticate).
func (s *Service) Authenticate(ctx context.Context, token string) (session.Session, error) {
	return s.sessions.Authenticate(ctx, token)
}

// Logout ends the session of token. An invalid token has nothing to end and is not an error:
// logging out always leaves the caller logged out.
func (s *Service) Logout(ctx context.Context, token string) error {
	return s.sessions.End(ctx, token)
}

// ForgotPassword emails a single-use reset link valid for 30 minutes, at most once a minute, and
// counts the request first against the address (ForgotsIP an hour) and the email (ForgotsAccount
// an hour). The link names the token and the email, so it works in any browser.
func (s *Service) ForgotPassword(ctx context.Context, email, ip string) error {
	email = profile.NormalizeEmail(email)
	if email == "" {
		return failure.Fields("Validation errors.", failure.FieldError{Field: "email", Msg: "Email is required"})
	}
	if !profile.ValidEmail(email) {
		return failure.Fields("Validation errors.", failure.FieldError{Field: "email", Msg: "Invalid email format"})
	}
	now := s.now()
	if err := s.cred.Take(ctx, now, forgotPerIP.Of(ip), forgotPerAccount.Of(email)); err != nil {
		return err
	}
	a, err := s.profiles.AccountByEmail(ctx, email)
	if failure.Is(err, failure.NotFound) {
		return ErrUserNotFound
	}
	if err != nil {
		return err
	}
	tok, err := credential.NewToken()
	if err != nil {
		return failure.Wrap(err, "make reset token")
	}
	err = s.putResetToken(ctx, a.ID, credential.HashToken(tok), now)
	if failure.Is(err, failure.RateLimited) {
		return ErrResetCooldown
	}
	if err != nil {
		return err
	}
	if err := s.mailer.Send(ctx, resetMail(a, s.appURL, tok)); err != nil {
		if cerr := s.cred.ClearCooldown(ctx, codeKey(a.ID, skReset)); cerr != nil {
			slog.ErrorContext(ctx, "clear cooldown", "user", a.ID, "err", cerr)
		}
		return failure.Wrap(err, "send reset email")
	}
	return nil
}

// ResetPassword sets a new password with a reset token, which alone names the account (found by
// the token's hash); email is optional and, when given, must be the account's. The token works
// once, only while it is the newest one mailed, and the reset ends every session of the account.
func (s *Service) ResetPassword(ctx context.Context, email, token, newPassword string) error {
	email, token = profile.NormalizeEmail(email), strings.TrimSpace(token)
	var fields []failure.FieldError
	if token == "" {
		fields = append(fields, failure.FieldError{Field: "token", Msg: "Reset token is required"})
	}
	if fe := profile.CheckPassword("newPassword", newPassword); fe != nil {
		fields = append(fields, *fe)
	}
	if len(fields) > 0 {
		return failure.Fields("Validation errors.", fields...)
	}
	if email != "" && !profile.ValidEmail(email) {
		return ErrBadResetToken
	}
	h := credential.HashToken(token)
	now := s.now()
	userID, ok, err := s.resetTokenOwner(ctx, h)
	if err != nil {
		return err
	}
	if !ok {
		return ErrBadResetToken
	}
	if email != "" {
		a, err := s.profiles.Account(ctx, userID)
		if failure.Is(err, failure.NotFound) || err == nil && a.Email != email {
			return ErrBadResetToken
		}
		if err != nil {
			return err
		}
	}
	c, _, ok, err := s.cred.Code(ctx, codeKey(userID, skReset))
	if err != nil {
		return err
	}
	if !ok || c.Check(now, h) != nil {
		return ErrBadResetToken
	}
	hash, err := s.passwords.Hash(newPassword)
	if err != nil {
		return failure.Wrap(err, "hash password")
	}
	err = dynamo.Transact(ctx, s.db, []types.TransactWriteItem{
		s.cred.Consume(codeKey(userID, skReset), h), s.cred.Delete(resetTokenKey(h)), s.profiles.SetPassword(userID, hash),
	})
	if _, canceled := dynamo.CanceledBy(err); canceled {
		return ErrBadResetToken
	}
	if err != nil {
		return failure.Wrap(err, "reset password")
	}
	return nil
}

// UsernameCheck is the answer to "can I have this username?".
type UsernameCheck struct {
	Available bool
	Message   string
}

// CheckUsername tells whether username could be signed up with now: well formed, not reserved and
// not held by an account. Each well-formed check counts against the address (ip),
// UsernameChecksIP a minute.
func (s *Service) CheckUsername(ctx context.Context, username, ip string) (UsernameCheck, error) {
	username = strings.TrimSpace(username)
	if fe := profile.CheckUsername(username); fe != nil {
		return UsernameCheck{}, failure.Fields("Validation errors.", *fe)
	}
	if err := s.cred.Take(ctx, s.now(), checksPerIP.Of(ip)); err != nil {
		return UsernameCheck{}, err
	}
	taken := profile.Reserved(username)
	if !taken {
		var err error
		if taken, err = s.profiles.UsernameTaken(ctx, username); err != nil {
			return UsernameCheck{}, err
		}
	}
	if taken {
		return UsernameCheck{Available: false, Message: profile.ErrUsernameTaken.Message}, nil
	}
	return UsernameCheck{Available: true, Message: "Username is available."}, nil
}
