// Package account is how people get into Zuum and stay in: sign-up with an emailed one-time
// code, verification, login with rate limits, sessions that logout and password resets end,
// password reset by emailed link, and sign-in with Google. It stores its own items (codes,
// sessions, rate-limit windows) in the Users table beside the profiles it reads through
// shared/profile.
package account

import (
	"context"
	"fmt"
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
)

// Rules of the account flows.
const (
	OTPTTL            = 10 * time.Minute
	OTPMaxTries       = 5
	ResendCooldown    = 60 * time.Second
	ResetTTL          = 30 * time.Minute
	SessionTTL        = 7 * 24 * time.Hour
	LoginWindow       = 15 * time.Minute
	LoginFailsAccount = 5  // failed logins per account per window
	LoginFailsIP      = 30 // failed logins per address per window
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
	ErrTooManyLogins   = failure.New(failure.RateLimited, "Too many failed login attempts. Please try again later.")
	ErrResetCooldown   = failure.New(failure.RateLimited, "Please wait a minute before requesting another reset link.")
	ErrBadResetToken   = &failure.Error{Code: failure.Invalid, Message: "Invalid or expired reset token.",
		Fields: []failure.FieldError{{Field: "token", Msg: "Invalid or expired reset token."}}}
	ErrSession = failure.New(failure.Unauthorized, "Unauthorized: Invalid or missing token")
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
	// Secret signs session tokens and keys one-time-code hashes (at least 32 bytes).
	Secret []byte
	// AppURL is the web app's origin, for links in emails.
	AppURL string
	// HashCost is the bcrypt cost; 0 means bcrypt.DefaultCost.
	HashCost int
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Service runs the account flows.
type Service struct {
	store
	profiles  *profile.Store
	mailer    Mailer
	tokens    *Tokens
	otpSecret []byte
	appURL    string
	cost      int
	now       func() time.Time
	failsAcct limiter
	failsIP   limiter
	dummyHash []byte
}

// New returns a Service.
func New(c Config) (*Service, error) {
	tokens, err := NewTokens(c.Secret)
	if err != nil {
		return nil, err
	}
	if c.HashCost == 0 {
		c.HashCost = bcrypt.DefaultCost
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	st := store{db: c.DB, table: c.Profiles.Table()}
	dummy, err := bcrypt.GenerateFromPassword([]byte("zuum-timing-equaliser"), c.HashCost)
	if err != nil {
		return nil, err
	}
	return &Service{
		store: st, profiles: c.Profiles, mailer: c.Mailer, tokens: tokens, otpSecret: c.Secret,
		appURL: strings.TrimRight(c.AppURL, "/"), cost: c.HashCost, now: c.Now,
		failsAcct: limiter{store: st, scope: "login-account", max: LoginFailsAccount, window: LoginWindow},
		failsIP:   limiter{store: st, scope: "login-ip", max: LoginFailsIP, window: LoginWindow},
		dummyHash: dummy,
	}, nil
}

// SignupResult tells whether the verification email went out.
type SignupResult struct {
	Account  profile.Account
	MailSent bool
}

// Signup creates an unverified account and emails its one-time code. The account, its
// uniqueness guards and the code are written in one transaction: a clash on email or username
// leaves nothing behind.
func (s *Service) Signup(ctx context.Context, in profile.SignupInput) (SignupResult, error) {
	su, err := profile.NewSignup(in)
	if err != nil {
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

// VerifyEmail checks code against the one sent to email and marks the account verified.
func (s *Service) VerifyEmail(ctx context.Context, email, code string) error {
	email, code = profile.NormalizeEmail(email), strings.TrimSpace(code)
	if email == "" || code == "" {
		return failure.New(failure.Invalid, "Please enter both email and OTP.")
	}
	a, err := s.profiles.AccountByEmail(ctx, email)
	if failure.Is(err, failure.NotFound) {
		return ErrInvalidOTP // do not tell strangers which emails have accounts
	}
	if err != nil {
		return err
	}
	if a.Verified {
		return nil // verifying twice is not an error: the account is in the state asked for
	}
	c, ok, err := s.code(ctx, a.ID, skOTP)
	if err != nil {
		return err
	}
	switch {
	case !ok:
		return ErrInvalidOTP
	case c.Tries >= OTPMaxTries:
		return ErrOTPTries
	case s.now().Unix() >= c.ExpiresAt:
		return ErrOTPExpired
	}
	h := hashOTP(s.otpSecret, a.ID, code)
	if !sameHash(h, c.Hash) {
		if err := s.countWrongTry(ctx, a.ID, skOTP, OTPMaxTries); err != nil {
			return err
		}
		return ErrInvalidOTP
	}
	err = s.transact(ctx, s.consumeCode(a.ID, skOTP, h, OTPMaxTries), s.profiles.MarkVerified(a.ID))
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

// Session is a signed-in session and its account as read while checking it, so a handler that
// needs the caller's profile does not read it again.
type Session struct {
	UserID    string
	SessionID string
	Account   profile.Account
}

// Login is a new session: its token, when it ends, and the account it belongs to.
type Login struct {
	Token     string
	ExpiresAt time.Time
	Account   profile.Account
}

// Login checks credentials and opens a session. Failed attempts are counted per account and per
// address; past the limit every attempt is refused for the rest of the window, right or wrong.
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
	fails, err := counts(ctx, s.store, now, limitCheck{s.failsAcct, email}, limitCheck{s.failsIP, ip})
	if err != nil {
		return Login{}, err
	}
	if fails[0] >= s.failsAcct.max || fails[1] >= s.failsIP.max {
		return Login{}, ErrTooManyLogins
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
		if err := s.failsAcct.hit(ctx, email, now); err != nil {
			return Login{}, err
		}
		if err := s.failsIP.hit(ctx, ip, now); err != nil {
			return Login{}, err
		}
		return Login{}, ErrBadCredentials
	}
	if a.Deactivated {
		return Login{}, ErrDeactivated
	}
	if !a.Verified {
		return Login{}, ErrNotVerified
	}
	if fails[0] > 0 { // a success forgets the account's earlier failures
		if err := s.failsAcct.reset(ctx, email, now); err != nil {
			return Login{}, err
		}
	}
	return s.openSession(ctx, a)
}

func (s *Service) openSession(ctx context.Context, a profile.Account) (Login, error) {
	now := s.now()
	exp := now.Add(SessionTTL)
	sid, err := newToken()
	if err != nil {
		return Login{}, failure.Wrap(err, "make session id")
	}
	sid = sid[:22]
	if err := s.putSession(ctx, a.ID, sid, now, exp); err != nil {
		return Login{}, err
	}
	tok, err := s.tokens.sign(a.ID, sid, a.SessionEpoch, now, exp)
	if err != nil {
		return Login{}, failure.Wrap(err, "sign token")
	}
	return Login{Token: tok, ExpiresAt: exp, Account: a}, nil
}

// Authenticate returns the session token belongs to. It fails for a bad or expired token, a
// session ended by logout or by a password reset, and an account that was deactivated.
func (s *Service) Authenticate(ctx context.Context, token string) (Session, error) {
	now := s.now()
	c, err := s.tokens.parse(token, now)
	if err != nil {
		return Session{}, ErrSession
	}
	sess, a, err := s.sessionWithAccount(ctx, c.Subject, c.ID)
	if err != nil {
		return Session{}, err
	}
	if sess == nil || a == nil || a.Deactivated || a.SessionEpoch != c.Epoch || now.Unix() >= sess.ExpiresAt {
		return Session{}, ErrSession
	}
	return Session{UserID: c.Subject, SessionID: c.ID, Account: *a}, nil
}

// Logout ends the session of token. An invalid token has nothing to end and is not an error:
// logging out always leaves the caller logged out.
func (s *Service) Logout(ctx context.Context, token string) error {
	c, err := s.tokens.parse(token, s.now())
	if err != nil {
		return nil
	}
	return s.deleteSession(ctx, c.Subject, c.ID)
}

// ForgotPassword emails a single-use reset link valid for 30 minutes, at most once a minute.
func (s *Service) ForgotPassword(ctx context.Context, email string) error {
	email = profile.NormalizeEmail(email)
	if email == "" {
		return failure.Fields("Validation errors.", failure.FieldError{Field: "email", Msg: "Email is required"})
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
	err = s.sendCode(ctx, s.putCode(a.ID, skReset, hashToken(tok), s.now(), ResetTTL, ResendCooldown))
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

// ResetPassword sets a new password with a reset token. The token works once; the reset ends
// every session of the account.
func (s *Service) ResetPassword(ctx context.Context, email, token, newPassword string) error {
	email, token = profile.NormalizeEmail(email), strings.TrimSpace(token)
	var fields []failure.FieldError
	if email == "" {
		fields = append(fields, failure.FieldError{Field: "email", Msg: "Email is required"})
	}
	if token == "" {
		fields = append(fields, failure.FieldError{Field: "token", Msg: "Reset token is required"})
	}
	if fe := profile.CheckPassword("newPassword", newPassword); fe != nil {
		fields = append(fields, *fe)
	}
	if len(fields) > 0 {
		return failure.Fields("Validation errors.", fields...)
	}
	a, err := s.profiles.AccountByEmail(ctx, email)
	if failure.Is(err, failure.NotFound) {
		return ErrBadResetToken
	}
	if err != nil {
		return err
	}
	c, ok, err := s.code(ctx, a.ID, skReset)
	if err != nil {
		return err
	}
	h := hashToken(token)
	if !ok || !sameHash(h, c.Hash) || s.now().Unix() >= c.ExpiresAt {
		return ErrBadResetToken
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(newPassword), s.cost)
	if err != nil {
		return failure.Wrap(err, "hash password")
	}
	err = s.transact(ctx, s.consumeCode(a.ID, skReset, h, 1), s.profiles.SetPassword(a.ID, string(hash)))
	if _, canceled := dynamo.CanceledBy(err); canceled {
		return ErrBadResetToken
	}
	if err != nil {
		return failure.Wrap(err, "reset password")
	}
	return nil
}

// GoogleUser is what Google's userinfo endpoint says about the person signing in.
type GoogleUser struct {
	Subject       string `json:"sub"`
	Email         string `json:"email"`
	EmailVerified bool   `json:"email_verified"`
	GivenName     string `json:"given_name"`
	FamilyName    string `json:"family_name"`
}

// GoogleSignIn opens a session for a Google user: it links the Google account to the Zuum
// account with the same (Google-verified) email, or creates one with the given identity.
func (s *Service) GoogleSignIn(ctx context.Context, g GoogleUser, identity string) (Login, error) {
	email := profile.NormalizeEmail(g.Email)
	if g.Subject == "" || !g.EmailVerified || !profile.ValidEmail(email) {
		return Login{}, failure.New(failure.Unauthorized, "Authentication failed")
	}
	a, err := s.profiles.AccountByEmail(ctx, email)
	switch {
	case err == nil:
		if a.Deactivated {
			return Login{}, ErrDeactivated
		}
		if a.GoogleSubject != "" && a.GoogleSubject != g.Subject {
			return Login{}, failure.New(failure.Unauthorized, "Authentication failed")
		}
		if a.GoogleSubject == "" || !a.Verified {
			if err := s.profiles.LinkGoogle(ctx, a.ID, g.Subject); err != nil {
				return Login{}, err
			}
		}
		return s.openSession(ctx, a)
	case !failure.Is(err, failure.NotFound):
		return Login{}, err
	}
	id, ok := profile.ParseIdentity(identity)
	if !ok {
		id = profile.Artist
	}
	for attempt := 0; attempt < 3; attempt++ {
		a = profile.Account{
			Profile: profile.Profile{
				ID: uuid.NewString(), Username: googleUsername(email), Identity: id,
				FirstName: firstNonEmpty(g.GivenName, strings.Split(email, "@")[0]), LastName: g.FamilyName,
				Email: email, CreatedAt: s.now(),
			},
			Verified: true, GoogleSubject: g.Subject,
		}
		err = s.profiles.Create(ctx, a)
		if err == profile.ErrUsernameTaken {
			continue
		}
		if err == profile.ErrEmailTaken {
			// Created by a concurrent request: sign into that account instead.
			return s.GoogleSignIn(ctx, g, identity)
		}
		if err != nil {
			return Login{}, err
		}
		return s.openSession(ctx, a)
	}
	return Login{}, failure.Wrap(err, "pick a free username")
}

func googleUsername(email string) string {
	local := strings.Split(email, "@")[0]
	var b strings.Builder
	for _, r := range local {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' || r == '_' {
			b.WriteRune(r)
		}
	}
	base := b.String()
	if len(base) > 20 {
		base = base[:20]
	}
	suffix, _ := newOTP()
	return fmt.Sprintf("%s_%s", firstNonEmpty(base, "user"), suffix[:4])
}

func firstNonEmpty(v ...string) string {
	for _, s := range v {
		if s != "" {
			return s
		}
	}
	return ""
}
