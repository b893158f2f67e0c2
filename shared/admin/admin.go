// Package admin is the admin area's own principal: admins sign up with username, email and
// password, verify their email with a mailed 6-digit code, and log in to admin sessions
// (shared/session's Admin audience). A verified admin may act only once another admin approved
// them, or when their email is on the bootstrap list (configuration); approvals and rejections are
// recorded in the audit log in the same transaction. Admins are not users: they have their own
// items in the Users table and no profile.
package admin

import (
	"context"
	"fmt"
	"html"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/google/uuid"

	"zuum/shared/audit"
	"zuum/shared/credential"
	"zuum/shared/dynamo"
	"zuum/shared/failure"
	"zuum/shared/mail"
	"zuum/shared/profile"
	"zuum/shared/session"
	"zuum/shared/text"
)

// Status is where an admin stands: pending (signed up; once verified, awaiting approval),
// approved (may act) or rejected (may not log in).
type Status string

// The statuses.
const (
	Pending  Status = "pending"
	Approved Status = "approved"
	Rejected Status = "rejected"
)

// Bootstrap is what DecidedBy says for an admin approved by the bootstrap list.
const Bootstrap = "bootstrap"

// Admin is an admin account.
type Admin struct {
	ID           string
	Username     string
	Email        string
	PasswordHash string
	Verified     bool
	Status       Status
	SessionEpoch int64
	CreatedAt    time.Time
	DecidedBy    string // the approving or rejecting admin's id, or Bootstrap
	DecidedAt    time.Time
	Reason       string // why a rejected admin was rejected
}

// Rules of the admin flows.
const (
	OTPTTL          = 10 * time.Minute
	OTPMaxTries     = 5
	ResendCooldown  = time.Minute
	LoginWindow     = 15 * time.Minute
	LoginFailsEmail = 5 // failed logins per email per LoginWindow
	VerifyWindow    = 24 * time.Hour
	VerifyTries     = 15 // codes tried per email per VerifyWindow, across resends
	SignupWindow    = time.Hour
	SignupsIP       = 10 // valid sign-ups per address per SignupWindow (each mails a code)
	MaxReason       = 500
)

// Messages of the admin flows (spec part 2 §8 where it has them).
var (
	ErrNotFound        = failure.New(failure.NotFound, "Admin not found")
	ErrEmailTaken      = failure.New(failure.NotAcceptable, "Email already exists")
	ErrUsernameTaken   = failure.New(failure.NotAcceptable, "Username already exists")
	ErrInvalidOTP      = failure.New(failure.Invalid, "Invalid OTP - please check and try again")
	ErrOTPExpired      = failure.New(failure.Invalid, "This code has expired. Please request a new OTP.")
	ErrOTPTries        = failure.New(failure.Invalid, "Too many wrong codes. Please request a new OTP.")
	ErrTooManyCodes    = failure.New(failure.RateLimited, "Too many wrong codes today. Please try again tomorrow.")
	ErrCooldown        = credential.ErrCooldown
	ErrAlreadyVerified = failure.New(failure.Invalid, "Email is already verified.")
	ErrBadCredentials  = failure.New(failure.Unauthorized, "Invalid credentials. Please check your email and password.")
	ErrNotVerified     = failure.New(failure.NotAcceptable, "Email is not verified. Please verify your email first.")
	ErrRejected        = failure.New(failure.Forbidden, "Your admin sign-up was rejected.")
	ErrTooManyLogins   = failure.New(failure.RateLimited, "Too many failed login attempts. Please try again later.")
	ErrTooManySignups  = failure.New(failure.RateLimited, "Too many sign-ups from this network. Please try again in an hour.")
	ErrNotAwaiting     = failure.New(failure.Conflict, "This admin is not awaiting approval")
	ErrUserSession     = failure.New(failure.Forbidden, "Forbidden - You lack necessary permissions")
	ErrBadStatus       = failure.New(failure.Invalid, "status must be one of pending, approved, rejected")
)

// The admin flows' rate limits (shared/credential's, in their own scopes) and code answers.
var (
	loginPerEmail  = credential.Limit{Scope: "admin-login", Max: LoginFailsEmail, Window: LoginWindow, Err: ErrTooManyLogins}
	verifyPerEmail = credential.Limit{Scope: "admin-verify", Max: VerifyTries, Window: VerifyWindow, Err: ErrTooManyCodes}
	signupPerIP    = credential.Limit{Scope: "admin-signup-ip", Max: SignupsIP, Window: SignupWindow, Err: ErrTooManySignups}
	otpRefusals    = credential.Refusals{Wrong: ErrInvalidOTP, Expired: ErrOTPExpired, NoTries: ErrOTPTries}
)

// Mailer sends one email.
type Mailer interface {
	Send(ctx context.Context, m mail.Message) error
}

// Config wires a Service.
type Config struct {
	DB    *dynamodb.Client
	Table string // the Users table
	// Sessions opens and checks admin sessions; Users recognises a user's token, which an admin
	// route refuses with 403 rather than 401.
	Sessions *session.Store
	Users    *session.Users
	Audit    *audit.Store
	Mailer   Mailer
	// Secret keys the one-time-code hashes (the session signing secret).
	Secret []byte
	// Bootstrap lists the emails approved without another admin (ADMIN_BOOTSTRAP_EMAILS).
	Bootstrap []string
	// HashCost is the password hash cost (BCRYPT_COST); 0 means the default (credential.NewPasswords).
	HashCost int
	// Now is the clock; nil means time.Now.
	Now func() time.Time
}

// Service runs the admin flows.
type Service struct {
	store
	sessions  *session.Store
	users     *session.Users
	audit     *audit.Store
	mailer    Mailer
	codes     credential.Hasher
	passwords *credential.Passwords
	bootstrap []string
	now       func() time.Time
}

// New returns a Service.
func New(c Config) (*Service, error) {
	if c.Now == nil {
		c.Now = time.Now
	}
	if len(c.Secret) < 32 {
		return nil, fmt.Errorf("admin: code secret must be at least 32 bytes")
	}
	passwords, err := credential.NewPasswords(c.HashCost)
	if err != nil {
		return nil, err
	}
	return &Service{
		store: newStore(c.DB, c.Table), sessions: c.Sessions, users: c.Users, audit: c.Audit, mailer: c.Mailer,
		codes: credential.Hasher{Secret: c.Secret, Scope: "admin|"}, passwords: passwords,
		bootstrap: ParseBootstrap(strings.Join(c.Bootstrap, ",")), now: c.Now,
	}, nil
}

// ParseBootstrap reads a comma-separated list of emails (ADMIN_BOOTSTRAP_EMAILS), normalised.
func ParseBootstrap(list string) []string {
	var out []string
	for _, e := range strings.Split(list, ",") {
		if e = profile.NormalizeEmail(e); e != "" {
			out = append(out, e)
		}
	}
	return out
}

// CanAct tells whether a may use the admin routes: verified, not rejected, and approved by an
// admin or on the bootstrap list.
func (s *Service) CanAct(a Admin) bool {
	if !a.Verified || a.Status == Rejected {
		return false
	}
	return a.Status == Approved || slices.Contains(s.bootstrap, a.Email)
}

// SignupInput is what a visitor submits to become an admin.
type SignupInput struct {
	Username, Email, Password string
}

// Signup creates an unverified admin and emails their code. The admin, the guards on email and
// username and the code are one transaction: a clash leaves nothing behind. mailSent is false
// when the code could not be mailed (resend it). Each valid sign-up counts against its address
// (ip), SignupsIP an hour, since each one mails a code to the address it names.
func (s *Service) Signup(ctx context.Context, in SignupInput, ip string) (a Admin, mailSent bool, err error) {
	username, email := text.Clean(in.Username, false), profile.NormalizeEmail(in.Email)
	var fields []failure.FieldError
	if fe := profile.CheckUsername(username); fe != nil {
		fields = append(fields, *fe)
	}
	switch {
	case email == "":
		fields = append(fields, failure.FieldError{Field: "email", Msg: "Email is required"})
	case !profile.ValidEmail(email):
		fields = append(fields, failure.FieldError{Field: "email", Msg: "Invalid email format"})
	}
	if fe := profile.CheckPassword("password", in.Password); fe != nil {
		fields = append(fields, *fe)
	}
	if len(fields) > 0 {
		return Admin{}, false, failure.Fields("Validation errors.", fields...)
	}
	if err := s.cred.Take(ctx, s.now(), signupPerIP.Of(ip)); err != nil {
		return Admin{}, false, err
	}
	hash, err := s.passwords.Hash(in.Password)
	if err != nil {
		return Admin{}, false, failure.Wrap(err, "hash password")
	}
	now := s.now()
	a = Admin{ID: uuid.Must(uuid.NewV7()).String(), Username: username, Email: email, PasswordHash: hash,
		Status: Pending, CreatedAt: now}
	code, err := credential.NewCode()
	if err != nil {
		return Admin{}, false, failure.Wrap(err, "make code")
	}
	put := s.cred.PutCode(s.otpItem(a.ID, code, now), now, 0)
	err = dynamo.Transact(ctx, s.db, append(s.creation(a), types.TransactWriteItem{Put: &put}))
	if failed, ok := dynamo.CanceledBy(err); ok {
		switch {
		case slices.Contains(failed, 1):
			return Admin{}, false, ErrEmailTaken
		case slices.Contains(failed, 2):
			return Admin{}, false, ErrUsernameTaken
		}
	}
	if err != nil {
		return Admin{}, false, failure.Wrap(err, "create admin")
	}
	return a, s.mailOTP(ctx, a, code), nil
}

// creation is the writes that create a: its item and the guards on its email and username, each
// only if absent (so failures at 1 and 2 name a taken email and username).
func (st *store) creation(a Admin) []types.TransactWriteItem {
	q, qk, decided := "", "", "" // an unverified admin is in no queue (the index is sparse)
	if a.Verified {
		q, qk = queuePK+string(a.Status), a.ID
	}
	if !a.DecidedAt.IsZero() {
		decided = a.DecidedAt.UTC().Format(time.RFC3339Nano)
	}
	av, _ := attributevalue.MarshalMap(item{
		PK: "ADMIN#" + a.ID, SK: skAdmin, ID: a.ID, Username: a.Username, Email: a.Email,
		PasswordHash: a.PasswordHash, Verified: a.Verified, Status: string(a.Status),
		CreatedAt: a.CreatedAt.UTC().Format(time.RFC3339Nano), DecidedBy: a.DecidedBy, DecidedAt: decided,
		GSI1PK: q, GSI1SK: qk,
	})
	guard := func(key map[string]types.AttributeValue) types.TransactWriteItem {
		g := map[string]types.AttributeValue{"admin_id": str(a.ID)}
		for k, v := range key {
			g[k] = v
		}
		return types.TransactWriteItem{Put: &types.Put{TableName: &st.table, Item: g, ConditionExpression: aws.String("attribute_not_exists(pk)")}}
	}
	return []types.TransactWriteItem{
		{Put: &types.Put{TableName: &st.table, Item: av, ConditionExpression: aws.String("attribute_not_exists(pk)")}},
		guard(emailKey(a.Email)), guard(nameKey(a.Username)),
	}
}

// SeedBootstrap creates a verified admin approved by the bootstrap list (the local cloud's demo
// admin), unless an admin with email exists; it reports whether it created one.
func SeedBootstrap(ctx context.Context, db *dynamodb.Client, table, username, email, password string) (bool, error) {
	st := newStore(db, table)
	email = profile.NormalizeEmail(email)
	if _, err := st.byEmail(ctx, email); err == nil {
		return false, nil
	} else if !failure.Is(err, failure.NotFound) {
		return false, err
	}
	hash, err := credential.HashPassword(password, 0)
	if err != nil {
		return false, err
	}
	now := time.Now()
	a := Admin{ID: uuid.Must(uuid.NewV7()).String(), Username: username, Email: email, PasswordHash: hash,
		Verified: true, Status: Approved, CreatedAt: now, DecidedBy: Bootstrap, DecidedAt: now}
	if err := dynamo.Transact(ctx, db, st.creation(a)); err != nil {
		return false, failure.Wrap(err, "seed admin")
	}
	return true, nil
}

// otpItem is a fresh email code of the admin id, as stored (keyed apart from users' codes).
func (s *Service) otpItem(id, code string, now time.Time) credential.Code {
	return credential.NewCodeItem(otpKey(id), s.codes.Hash(id, code), now, OTPTTL)
}

func (s *Service) mailOTP(ctx context.Context, a Admin, code string) bool {
	err := s.mailer.Send(ctx, mail.Message{
		To:      a.Email,
		Subject: "Your Zuum admin verification code",
		Text: fmt.Sprintf("Hi %s,\n\nYour Zuum admin verification code is %s. It expires in 10 minutes.\n\n"+
			"If you did not sign up as a Zuum admin, ignore this email.\n", a.Username, code),
		HTML: fmt.Sprintf("<p>Hi %s,</p><p>Your Zuum admin verification code is <strong>%s</strong>. It expires in 10 minutes.</p>"+
			"<p>If you did not sign up as a Zuum admin, ignore this email.</p>", html.EscapeString(a.Username), code),
	})
	if err != nil {
		slog.ErrorContext(ctx, "send admin verification email", "admin", a.ID, "err", err)
		return false
	}
	return true
}

// ResendOTP mails a fresh code to an unverified admin, at most once a minute.
func (s *Service) ResendOTP(ctx context.Context, email string) error {
	email = profile.NormalizeEmail(email)
	if email == "" {
		return failure.Fields("Validation errors.", failure.FieldError{Field: "email", Msg: "Email is required"})
	}
	a, err := s.byEmail(ctx, email)
	if failure.Is(err, failure.NotFound) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	if a.Verified {
		return ErrAlreadyVerified
	}
	code, err := s.cred.Issue(ctx, s.codes, otpKey(a.ID), a.ID, s.now(), OTPTTL, ResendCooldown)
	if err != nil {
		return err
	}
	if !s.mailOTP(ctx, a, code) {
		return failure.Wrap(nil, "send admin verification email")
	}
	return nil
}

// VerifyEmail checks code against the one mailed to email and marks the admin verified; an
// admin whose email is on the bootstrap list is approved in the same write. Every try counts
// first, against the code (OTPMaxTries) and the email (VerifyTries a day). An unknown email and
// an already verified one answer as a wrong code does.
func (s *Service) VerifyEmail(ctx context.Context, email, code string) error {
	email, code = profile.NormalizeEmail(email), strings.TrimSpace(code)
	var fields []failure.FieldError
	if email == "" {
		fields = append(fields, failure.FieldError{Field: "email", Msg: "Email is required"})
	}
	if code == "" {
		fields = append(fields, failure.FieldError{Field: "otp", Msg: "OTP is required"})
	}
	if len(fields) > 0 {
		return failure.Fields("Validation errors.", fields...)
	}
	if !profile.ValidEmail(email) || len(code) != 6 {
		return ErrInvalidOTP
	}
	now := s.now()
	if err := s.cred.Take(ctx, now, verifyPerEmail.Of(email)); err != nil {
		return err
	}
	a, err := s.byEmail(ctx, email)
	if failure.Is(err, failure.NotFound) || err == nil && a.Verified {
		return ErrInvalidOTP // nothing to verify: answered as a wrong code
	}
	if err != nil {
		return err
	}
	h := s.codes.Hash(a.ID, code)
	if err := s.cred.Try(ctx, otpKey(a.ID), OTPMaxTries, now, h); err != nil {
		return otpRefusals.Of(err)
	}
	status := Pending
	set := "SET verified = :t, gsi1pk = :q, gsi1sk = :id"
	vals := map[string]types.AttributeValue{":t": &types.AttributeValueMemberBOOL{Value: true}, ":id": str(a.ID)}
	if slices.Contains(s.bootstrap, a.Email) {
		status = Approved
		set += ", #st = :st, decided_by = :by, decided_at = :at"
		vals[":st"], vals[":by"], vals[":at"] = str(string(Approved)), str(Bootstrap), str(now.UTC().Format(time.RFC3339Nano))
	}
	vals[":q"] = str(queuePK + string(status))
	upd := &types.Update{TableName: &s.table, Key: Key(a.ID), UpdateExpression: aws.String(set),
		ConditionExpression: aws.String("attribute_exists(pk)"), ExpressionAttributeValues: vals}
	if status == Approved {
		upd.ExpressionAttributeNames = map[string]string{"#st": "status"}
	}
	err = dynamo.Transact(ctx, s.db, []types.TransactWriteItem{s.cred.Consume(otpKey(a.ID), h), {Update: upd}})
	if _, canceled := dynamo.CanceledBy(err); canceled {
		return ErrInvalidOTP // used or replaced meanwhile
	}
	if err != nil {
		return failure.Wrap(err, "verify admin email")
	}
	return nil
}

// Login is a new admin session and its admin.
type Login struct {
	Token     string
	ExpiresAt time.Time
	Admin     Admin
}

// Login checks credentials and opens an admin session. username, when given, must be the
// admin's too. Each attempt counts against the email first (LoginFailsEmail failures per
// LoginWindow); the right password forgets them. A verified admin not yet approved can log in
// (every other admin route then answers "Awaiting approval"); a rejected one cannot.
func (s *Service) Login(ctx context.Context, email, username, password string) (Login, error) {
	email, username = profile.NormalizeEmail(email), strings.TrimSpace(username)
	if err := credential.CheckLogin(email, password, profile.ValidEmail); err != nil {
		return Login{}, err
	}
	now := s.now()
	if err := s.cred.Take(ctx, now, loginPerEmail.Of(email)); err != nil {
		return Login{}, err
	}
	a, err := s.byEmail(ctx, email)
	if err != nil && !failure.Is(err, failure.NotFound) {
		return Login{}, err
	}
	// An unknown admin costs a comparison all the same (Passwords.Match's timing guard).
	if !s.passwords.Match(a.PasswordHash, password) || err != nil ||
		username != "" && !strings.EqualFold(username, a.Username) {
		return Login{}, ErrBadCredentials
	}
	if err := s.cred.Forget(ctx, loginPerEmail.Of(email), now); err != nil {
		return Login{}, err
	}
	switch {
	case !a.Verified:
		return Login{}, ErrNotVerified
	case a.Status == Rejected:
		return Login{}, ErrRejected
	}
	is, err := s.sessions.Open(ctx, session.Admin, a.ID, a.SessionEpoch)
	if err != nil {
		return Login{}, err
	}
	return Login{Token: is.Token, ExpiresAt: is.ExpiresAt, Admin: a}, nil
}

// Logout ends the admin session of token; any other token has nothing to end.
func (s *Service) Logout(ctx context.Context, token string) error {
	return s.sessions.End(ctx, session.Admin, token)
}

// Authenticate returns the admin whose live session token is. A token that opens no admin
// session is session.ErrSession (401), unless it is a working user session: that caller is
// signed in but no admin, ErrUserSession (403). Whether the admin may act is CanAct's.
func (s *Service) Authenticate(ctx context.Context, token string) (Admin, error) {
	c, err := s.sessions.Check(ctx, session.Admin, token, Key)
	if failure.Is(err, failure.Unauthorized) {
		if _, uerr := s.users.Authenticate(ctx, token); uerr == nil {
			return Admin{}, ErrUserSession
		} else if !failure.Is(uerr, failure.Unauthorized) {
			return Admin{}, uerr
		}
		return Admin{}, session.ErrSession
	}
	if err != nil {
		return Admin{}, err
	}
	a, err := fromItem(c.Principal)
	if err != nil {
		return Admin{}, err
	}
	if a.SessionEpoch != c.Epoch || a.Status == Rejected || !a.Verified {
		return Admin{}, session.ErrSession
	}
	return a, nil
}

// Get returns the admin of id.
func (s *Service) Get(ctx context.Context, id string) (Admin, error) {
	if _, err := uuid.Parse(id); err != nil {
		return Admin{}, ErrNotFound
	}
	return s.byID(ctx, id)
}

// Actor is the admin doing something, as the audit log names them.
type Actor struct {
	ID, Username string
}

// Approve lets a verified admin awaiting approval act. The change and its audit entry
// ("admin.approve") are one transaction; an admin who is not awaiting approval is ErrNotAwaiting
// (so a double click approves once and records once).
func (s *Service) Approve(ctx context.Context, by Actor, id string) (Admin, error) {
	return s.decide(ctx, by, id, Approved, "")
}

// Reject refuses a verified admin awaiting approval, with a reason; their sessions end. The
// change and its audit entry ("admin.reject") are one transaction.
func (s *Service) Reject(ctx context.Context, by Actor, id, reason string) (Admin, error) {
	reason = text.Clean(reason, true)
	switch {
	case reason == "":
		return Admin{}, failure.Fields("Validation errors.", failure.FieldError{Field: "reason", Msg: "Reason is required"})
	case text.Len(reason) > MaxReason:
		return Admin{}, failure.Fields("Validation errors.", failure.FieldError{Field: "reason", Msg: "Reason is too long"})
	}
	return s.decide(ctx, by, id, Rejected, reason)
}

func (s *Service) decide(ctx context.Context, by Actor, id string, to Status, reason string) (Admin, error) {
	a, err := s.Get(ctx, id)
	if err != nil {
		return Admin{}, err
	}
	if !a.Verified || a.Status != Pending {
		return Admin{}, ErrNotAwaiting
	}
	now := s.now()
	set := "SET #st = :to, gsi1pk = :q, decided_by = :by, decided_at = :at"
	vals := map[string]types.AttributeValue{
		":to": str(string(to)), ":q": str(queuePK + string(to)), ":by": str(by.ID), ":at": str(now.UTC().Format(time.RFC3339Nano)),
		":pending": str(string(Pending)), ":t": &types.AttributeValueMemberBOOL{Value: true},
	}
	if to == Rejected {
		set += ", reason = :reason ADD session_epoch :one"
		vals[":reason"], vals[":one"] = str(reason), num(1)
	}
	after := map[string]any{"status": string(to)}
	if reason != "" {
		after["reason"] = reason
	}
	entry, err := s.audit.Item(audit.Entry{
		AdminID: by.ID, AdminUsername: by.Username, Action: "admin." + map[Status]string{Approved: "approve", Rejected: "reject"}[to],
		TargetType: "admin", TargetID: a.ID, Before: map[string]any{"status": string(Pending)}, After: after, At: now,
	})
	if err != nil {
		return Admin{}, failure.Wrap(err, "audit entry")
	}
	err = dynamo.Transact(ctx, s.db, []types.TransactWriteItem{{Update: &types.Update{
		TableName: &s.table, Key: Key(a.ID), UpdateExpression: aws.String(set),
		ConditionExpression:       aws.String("#st = :pending AND verified = :t"),
		ExpressionAttributeNames:  map[string]string{"#st": "status"},
		ExpressionAttributeValues: vals,
	}}, entry})
	if failed, ok := dynamo.CanceledBy(err); ok && slices.Contains(failed, 0) {
		return Admin{}, ErrNotAwaiting
	}
	if err != nil {
		return Admin{}, failure.Wrap(err, "decide admin")
	}
	a.Status, a.DecidedBy, a.DecidedAt, a.Reason = to, by.ID, now, reason
	return a, nil
}
