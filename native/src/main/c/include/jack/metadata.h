/* Tactus libjack: JACK's metadata calls (metadata.h), declared from JACK's documented ABI. */
#ifndef TACTUS_JACK_METADATA_H
#define TACTUS_JACK_METADATA_H

#ifdef __cplusplus
extern "C" {
#endif

#include <jack/types.h>

typedef struct {
    const char *key;
    const char *data;
    const char *type;
} jack_property_t;

typedef struct {
    jack_uuid_t subject;
    uint32_t property_cnt;
    jack_property_t *properties;
    uint32_t property_size;
} jack_description_t;

typedef enum {
    PropertyCreated,
    PropertyChanged,
    PropertyDeleted
} jack_property_change_t;

typedef void (*JackPropertyChangeCallback)(jack_uuid_t subject, const char *key, jack_property_change_t change,
                                           void *arg);

int jack_set_property(jack_client_t *client, jack_uuid_t subject, const char *key, const char *value,
                      const char *type);
int jack_get_property(jack_uuid_t subject, const char *key, char **value, char **type);
void jack_free_description(jack_description_t *desc, int free_description_itself);
int jack_get_properties(jack_uuid_t subject, jack_description_t *desc);
int jack_get_all_properties(jack_description_t **descs);
int jack_remove_property(jack_client_t *client, jack_uuid_t subject, const char *key);
int jack_remove_properties(jack_client_t *client, jack_uuid_t subject);
int jack_remove_all_properties(jack_client_t *client);
int jack_set_property_change_callback(jack_client_t *client, JackPropertyChangeCallback callback, void *arg);

extern const char *JACK_METADATA_PRETTY_NAME;
extern const char *JACK_METADATA_HARDWARE;
extern const char *JACK_METADATA_CONNECTED;
extern const char *JACK_METADATA_PORT_GROUP;
extern const char *JACK_METADATA_ICON_SMALL;
extern const char *JACK_METADATA_ICON_LARGE;
extern const char *JACK_METADATA_ICON_NAME;
extern const char *JACK_METADATA_ORDER;
extern const char *JACK_METADATA_SIGNAL_TYPE;
extern const char *JACK_METADATA_EVENT_TYPES;

#ifdef __cplusplus
}
#endif
#endif
