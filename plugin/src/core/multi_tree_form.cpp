#include <hbcast/core/multi_tree_form.hpp>

namespace hbcast {

std::string to_string(MultiTreeForm form)
{
  switch (form) {
    case MultiTreeForm::capped:
      return "capped";
    case MultiTreeForm::periodic:
      return "periodic";
    case MultiTreeForm::concurrent:
      break;
  }
  return "concurrent";
}

std::optional<MultiTreeForm> multi_tree_form_named(const std::string& name)
{
  for (MultiTreeForm form : {MultiTreeForm::concurrent, MultiTreeForm::capped, MultiTreeForm::periodic})
    if (to_string(form) == name)
      return form;
  return std::nullopt;
}

}  // namespace hbcast
