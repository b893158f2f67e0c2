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
	"golang.org/x/crypto/bcrypt"

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
	// HashCost is the bcrypt cost; 0 means bcrypt.DefaultCost.
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
	otpSecret  []byte
	appURL     string
	cost       int
	now        func() time.Time
	dummyHash  []byte
	reactivate func(ctx context.Context, id string) error
}

// New returns a Service.
func New(c Config) (*Service, error) {
	if c.HashCost == 0 {
		c.HashCost = bcrypt.DefaultCost
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	sessions, err := session.NewStore(c.DB, c.Profiles.Table(), c.Secret, c.Now)
	if err != nil {
		return nil, err
	}
	st := store{db: c.DB, table: c.Profiles.Table()}
	dummy, err := bcrypt.GenerateFromPassword([]byte("zuum-timing-equaliser"), c.HashCost)
	if err != nil {
		return nil, err
	}
	return &Service{
		store: st, profiles: c.Profiles, mailer: c.Mailer, sessions: session.NewUsers(sessions), otpSecret: c.Secret,
		appURL: strings.TrimRight(c.AppURL, "/"), cost: c.HashCost, now: c.Now, dummyHash: dummy,
		reactivate: c.Reactivate,
	}, nil
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
	if err := s.take(ctx, s.now(), signupPerIP.of(ip)); err != nil {
		return SignupResult{}, err
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(su.Password), s.cost)
	if err != nil {
		return SignupResult{}, failure.Wrap(err, "hash password")
	}
	now := s.now()
	a := profile.Account{
		Profile: profile.Profile{
			ID: uuid.NewString(), Username: su.Username, Identity: su.Identity, FirstName: su.FirstName,
			MiddleName: su.MiddleName, LastName: su.LastName, Email: su.Email, Phone: su.Phone, CreatedAt: now,
		},
		PasswordHash: string(hash),
	}
	code, err := newOTP()
	if err != nil {
		return SignupResult{}, failure.Wrap(err, "make code")
	}
	put := s.putCode(a.ID, skOTP, hashOTP(s.otpSecret, a.ID, code), now, OTPTTL, 0)
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
		if err := s.clearCooldown(ctx, a.ID, skOTP); err != nil {
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
	if err := s.take(ctx, s.now(), verifyPerAccount.of(email)); err != nil {
		return err
	}
	a, err := s.profiles.AccountByEmail(ctx, email)
	if failure.Is(err, failure.NotFound) {
		return ErrInvalidOTP
	}
	if err != nil {
		return err
	}
	if a.Verified {
		return ErrInvalidOTP
	}
	c, err := s.tryCode(ctx, a.ID, skOTP, OTPMaxTries)
	switch {
	case err == errNoCode:
		return ErrInvalidOTP
	case err == errNoTries:
		return ErrOTPTries
	case err != nil:
		return err
	case s.now().Unix() >= c.ExpiresAt:
		return ErrOTPExpired
	}
	h := hashOTP(s.otpSecret, a.ID, code)
	if !sameHash(h, c.Hash) {
		return ErrInvalidOTP
	}
	err = dynamo.Transact(ctx, s.db, []types.TransactWriteItem{s.consumeCode(a.ID, skOTP, h), s.profiles.MarkVerified(a.ID)})
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
	code, err := newOTP()
	if err != nil {
		return failure.Wrap(err, "make code")
	}
	if err := s.sendCode(ctx, s.putCode(a.ID, skOTP, hashOTP(s.otpSecret, a.ID, code), s.now(), OTPTTL, ResendCooldown)); err != nil {
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
	var fields []failure.FieldError
	if email == "" {
		fields = append(fields, failure.FieldError{Field: "email", Msg: "Email is required"})
	} else if !profile.ValidEmail(email) {
		fields = append(fields, failure.FieldError{Field: "email", Msg: "Invalid email format"})
	}
	if password == "" {
		fields = append(fields, failure.FieldError{Field: "password", Msg: "Password is required"})
	}
	if len(fields) > 0 {
		return Login{}, failure.Fields("Validation errors. Please check your input.", fields...)
	}
	now := s.now()
	perAccount, perIP := loginPerAccount.of(email), loginPerIP.of(ip)
	if err := s.take(ctx, now, perAccount, perIP); err != nil {
		return Login{}, err
	}
	a, err := s.profiles.AccountByEmail(ctx, email)
	if err != nil && !failure.Is(err, failure.NotFound) {
		return Login{}, err
	}
	hash := []byte(a.PasswordHash)
	if err != nil || len(hash) == 0 {
		hash = s.dummyHash // spend the same time whether or not the account exists
	}
	if bcrypt.CompareHashAndPassword(hash, []byte(password)) != nil || err != nil || a.PasswordHash == "" {
		return Login{}, ErrBadCredentials
	}
	if err := s.forget(ctx, perAccount, now); err != nil {
		return Login{}, err
	}
	if err := s.giveBack(ctx, perIP, now); err != nil {
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
	if err := s.take(ctx, now, forgotPerIP.of(ip), forgotPerAccount.of(email)); err != nil {
		return err
	}
	a, err := s.profiles.AccountByEmail(ctx, email)
	if failure.Is(err, failure.NotFound) {
		return ErrUserNotFound
	}
	if err != nil {
		return err
	}
	tok, err := newToken()
	if err != nil {
		return failure.Wrap(err, "make reset token")
	}
	err = s.putResetToken(ctx, a.ID, hashToken(tok), now)
	if failure.Is(err, failure.RateLimited) {
		return ErrResetCooldown
	}
	if err != nil {
		return err
	}
	if err := s.mailer.Send(ctx, resetMail(a, s.appURL, tok)); err != nil {
		if cerr := s.clearCooldown(ctx, a.ID, skReset); cerr != nil {
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
	h := hashToken(token)
	now := s.now().Unix()
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
	c, ok, err := s.code(ctx, userID, skReset)
	if err != nil {
		return err
	}
	if !ok || !sameHash(h, c.Hash) || now >= c.ExpiresAt {
		return ErrBadResetToken
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(newPassword), s.cost)
	if err != nil {
		return failure.Wrap(err, "hash password")
	}
	err = dynamo.Transact(ctx, s.db, []types.TransactWriteItem{
		s.consumeCode(userID, skReset, h), s.deleteResetToken(h), s.profiles.SetPassword(userID, string(hash)),
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
	if err := s.take(ctx, s.now(), checksPerIP.of(ip)); err != nil {
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
