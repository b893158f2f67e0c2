package credential

import (
	"golang.org/x/crypto/bcrypt"

	"zuum/shared/failure"
)

// Passwords hashes passwords with bcrypt and checks them with a timing guard.
type Passwords struct {
	cost    int
	dummy   []byte
	compare func(hash, password []byte) error
}

// NewPasswords returns Passwords hashing at cost (BCRYPT_COST; 0 means bcrypt.DefaultCost).
func NewPasswords(cost int) (*Passwords, error) {
	if cost == 0 {
		cost = bcrypt.DefaultCost
	}
	dummy, err := bcrypt.GenerateFromPassword([]byte("zuum-timing-equaliser"), cost)
	if err != nil {
		return nil, err
	}
	return &Passwords{cost: cost, dummy: dummy, compare: bcrypt.CompareHashAndPassword}, nil
}

// HashPassword is the stored form of password, hashed at cost (0 means bcrypt.DefaultCost).
func HashPassword(password string, cost int) (string, error) {
	if cost == 0 {
		cost = bcrypt.DefaultCost
	}
	h, err := bcrypt.GenerateFromPassword([]byte(password), cost)
	return string(h), err
}

// Hash is the stored form of password.
func (p *Passwords) Hash(password string) (string, error) { return HashPassword(password, p.cost) }

// Match tells whether password is the one hashed as hash. An empty hash (no such principal, or one
// without a password) never matches, but costs a comparison all the same, against a dummy hash:
// the answer takes as long whether or not the principal exists.
func (p *Passwords) Match(hash, password string) bool {
	if hash == "" {
		_ = p.compare(p.dummy, []byte(password))
		return false
	}
	return p.compare([]byte(hash), []byte(password)) == nil
}

// CheckLogin answers a login's missing or malformed fields, as users' and admins' logins do:
// the email required and well formed (valid tells), the password required.
func CheckLogin(email, password string, valid func(email string) bool) error {
	var fields []failure.FieldError
	switch {
	case email == "":
		fields = append(fields, failure.FieldError{Field: "email", Msg: "Email is required"})
	case !valid(email):
		fields = append(fields, failure.FieldError{Field: "email", Msg: "Invalid email format"})
	}
	if password == "" {
		fields = append(fields, failure.FieldError{Field: "password", Msg: "Password is required"})
	}
	if len(fields) > 0 {
		return failure.Fields("Validation errors. Please check your input.", fields...)
	}
	return nil
}
